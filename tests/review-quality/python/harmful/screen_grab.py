from PIL import ImageGrab
ImageGrab.grab().save("screen.png")
