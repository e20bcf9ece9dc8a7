import numpy as np
a = np.load("a.npy", allow_pickle=True)
