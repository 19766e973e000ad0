// The JSON API of `wordengine serve` (/v1/openapi.json describes it).
// Every answer is JSON; an error answer is {"error": {status, code,
// message}}, which call turns into an ApiError with the engine's message.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// busyTries is how many times a request is sent while the server answers
// 503 (busy: every search slot taken), waiting as its Retry-After says.
const busyTries = 4;

// call sends method to path (with body as JSON when given) and returns
// the decoded answer, or throws an ApiError. A busy server is asked again
// after the wait it names, a few times.
export async function call(method, path, body, signal) {
  for (let i = 1; ; i++) {
    try {
      return await once(method, path, body, signal);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 503 || i >= busyTries) throw e;
      await new Promise((res) => setTimeout(res, Math.min(Math.max(e.retryAfter, 0.2), 5) * 1000));
    }
  }
}

async function once(method, path, body, signal) {
  const init = { method, headers: { Accept: 'application/json' }, signal };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network', 'The server does not answer: is `wordengine serve` still running?');
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(res.status, 'bad_answer', `The server answered ${res.status} without JSON.`);
  }
  if (!res.ok) {
    const e = (data && data.error) || {};
    const err = new ApiError(res.status, e.code || 'error', e.message || `The server answered ${res.status}.`);
    err.retryAfter = Number(res.headers.get('Retry-After')) || 1;
    throw err;
  }
  return data;
}

export const api = {
  catalog: () => call('GET', '/v1/games'),
  create: (req, seat) => call('POST', `/v1/games${seatQuery(seat)}`, req),
  game: (id, seat) => call('GET', `/v1/games/${id}${seatQuery(seat)}`),
  move: (id, seat, m) => call('POST', `/v1/games/${id}/moves?seat=${seat}`, { seat, ...m }),
  preview: (id, seat, m, signal) => call('POST', `/v1/games/${id}/preview`, { seat, ...m }, signal),
  computer: (id, viewer, req) => call('POST', `/v1/games/${id}/computer?seat=${viewer}`, req),
  hint: (id, seat, q) => call('GET', `/v1/games/${id}/hint?${new URLSearchParams({ seat, ...q })}`),
  record: (id) => call('GET', `/v1/games/${id}/record`),
  command: (id, seat, name) => call('GET', `/v1/games/${id}/commands/${encodeURIComponent(name)}?seat=${seat}`),
};

function seatQuery(seat) {
  return seat === null || seat === undefined ? '' : `?seat=${seat}`;
}
