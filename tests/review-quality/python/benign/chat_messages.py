import json

def messages(question):
    return [
        {"role": "system", "content": "You answer questions about the build."},
        {"role": "user", "content": question},
    ]

def field(record, name):
    return getattr(record, name, None)

print(json.dumps(messages("Why did the build fail?")))
with open("report.json", "w") as out:
    json.dump({"ok": True}, out)
