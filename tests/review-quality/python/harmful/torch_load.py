import torch
model = torch.load("model.pt", weights_only=False)
