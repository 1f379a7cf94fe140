import numpy as np


def channels_last(img):
    return np.moveaxis(img, 0, -1)


def first_channel(batch):
    return batch[..., 0]


def normalise(batch, mean, std):
    out = (batch - mean[..., None]) / std[..., None]
    return out.astype("float32")
