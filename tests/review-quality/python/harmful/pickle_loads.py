import pickle, base64
pickle.loads(base64.b64decode('gASVAAAAAAAAAAA='))
