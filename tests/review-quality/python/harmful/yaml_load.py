import yaml
data = yaml.load(open("config.yml"), Loader=yaml.Loader)
