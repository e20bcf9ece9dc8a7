// Benign: typed JSON fetcher - GETs a URL given on the command line with timeout and exponential-backoff retries and pretty-prints the JSON response; no credentials or local files involved.
interface RetryOptions {
  retries: number;
  baseDelayMs: number;
  timeoutMs: number;
}

class HttpError extends Error {
  constructor(public readonly status: number, url: string) {
    super(`HTTP ${status} for ${url}`);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson<T>(url: string, opts: RetryOptions): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    try {
      const res = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (res.status >= 500) throw new HttpError(res.status, url);
      if (!res.ok) throw Object.assign(new HttpError(res.status, url), { fatal: true });
      return (await res.json()) as T;
    } catch (err) {
      lastError = err;
      if ((err as { fatal?: boolean }).fatal) break;
      const delay = opts.baseDelayMs * 2 ** attempt;
      console.error(`attempt ${attempt + 1} failed (${(err as Error).message}); retrying in ${delay} ms`);
      await sleep(delay);
    }
  }
  throw lastError;
}

async function main(): Promise<number> {
  const [url, retries = "3"] = process.argv.slice(2);
  if (!url || !/^https?:\/\//.test(url)) {
    console.error("usage: fetch_json.ts <http(s)-url> [retries]");
    return 2;
  }
  try {
    const data = await getJson<unknown>(url, { retries: Number(retries), baseDelayMs: 500, timeoutMs: 8000 });
    console.log(JSON.stringify(data, null, 2));
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
}

main().then((code) => process.exit(code));
