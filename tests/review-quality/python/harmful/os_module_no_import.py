os.system('id')
