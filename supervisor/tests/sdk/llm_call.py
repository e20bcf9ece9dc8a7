"""One call with an official SDK, as an agent in a jail makes it.

python3 llm_call.py openai|anthropic [--stream] [--marker PATH] [--model M]

The SDK reads its base URL and key from the environment the jail gives it
(OPENAI_BASE_URL / OPENAI_API_KEY, ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY).
Prints one JSON line: the text, the usage, the request id; or, for an API
error, its class, status and message (exit 3). With --marker, the file is
written as soon as the first piece of a streamed answer has arrived.
"""

import argparse
import json
import sys

parser = argparse.ArgumentParser()
parser.add_argument("api", choices=["openai", "anthropic"])
parser.add_argument("--stream", action="store_true")
parser.add_argument("--marker")
parser.add_argument("--model")
args = parser.parse_args()


def first_piece():
    if args.marker:
        with open(args.marker, "w") as f:
            f.write("got the first piece\n")
        args.marker = None


def openai_call():
    import openai

    client = openai.OpenAI(max_retries=0)
    model = args.model or "gpt-4o-mini"
    messages = [{"role": "user", "content": "Say hello"}]
    try:
        if not args.stream:
            raw = client.chat.completions.with_raw_response.create(model=model, messages=messages)
            reply = raw.parse()
            return {
                "text": reply.choices[0].message.content,
                "input_tokens": reply.usage.prompt_tokens,
                "output_tokens": reply.usage.completion_tokens,
                "request_id": raw.headers.get("x-request-id"),
            }
        text, usage = "", None
        stream = client.chat.completions.create(
            model=model, messages=messages, stream=True, stream_options={"include_usage": True}
        )
        for chunk in stream:
            if chunk.choices and chunk.choices[0].delta.content:
                text += chunk.choices[0].delta.content
                first_piece()
            if chunk.usage:
                usage = chunk.usage
        return {
            "text": text,
            "input_tokens": usage.prompt_tokens,
            "output_tokens": usage.completion_tokens,
        }
    except openai.APIStatusError as err:
        return error(err)


def anthropic_call():
    import anthropic

    client = anthropic.Anthropic(max_retries=0)
    model = args.model or "claude-haiku-4-5"
    messages = [{"role": "user", "content": "Say hello"}]
    try:
        if not args.stream:
            raw = client.messages.with_raw_response.create(
                model=model, max_tokens=64, messages=messages
            )
            reply = raw.parse()
            return {
                "text": reply.content[0].text,
                "input_tokens": reply.usage.input_tokens,
                "output_tokens": reply.usage.output_tokens,
                "request_id": raw.headers.get("request-id"),
            }
        with client.messages.stream(model=model, max_tokens=64, messages=messages) as stream:
            text = ""
            for piece in stream.text_stream:
                text += piece
                first_piece()
            final = stream.get_final_message()
        return {
            "text": text,
            "input_tokens": final.usage.input_tokens,
            "output_tokens": final.usage.output_tokens,
        }
    except anthropic.APIStatusError as err:
        return error(err)


def error(err):
    return {
        "error_type": type(err).__name__,
        "status": err.status_code,
        "message": str(err),
        "retry_after": err.response.headers.get("retry-after"),
        "request_id": err.response.headers.get("x-request-id")
        or err.response.headers.get("request-id"),
    }


result = openai_call() if args.api == "openai" else anthropic_call()
print(json.dumps(result))
sys.exit(3 if "error_type" in result else 0)
