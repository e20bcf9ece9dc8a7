import pandas as pd
df = pd.read_pickle("data.pkl")
