import http from 'node:http';

/** Error shape of both APIs, normalised for assertions. */
export type ApiError = { code: string; message: string; status: number };

export type RestResult<T = unknown> = {
  status: number;
  body: { result?: T; error?: { code: string; message: string; details?: unknown } };
};

export type GqlResult<T = Record<string, unknown>> = {
  status: number;
  data: T | null;
  errors?: {
    message: string;
    extensions?: { code?: string; details?: unknown; retryAfter?: number; stacktrace?: unknown };
  }[];
};

// What Node's fetch sends with every request (the server reads Accept-Language, for one), less
// Accept-Encoding: these answers are read as they come.
const FETCH_HEADERS = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
};
// connections kept open between requests, as fetch keeps them
const agent = new http.Agent({ keepAlive: true });

/** An HTTP client with its own cookie jar: one per simulated browser or phone. */
export class TestClient {
  private cookies = new Map<string, string>();
  bearer?: string;

  constructor(readonly baseUrl: string) {}

  private cookieHeader(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    return headers;
  }

  private keepCookies(res: Response) {
    this.keepSetCookies(res.headers.getSetCookie());
  }

  private keepSetCookies(lines: string[]) {
    for (const line of lines) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  /** The same browser (its cookies and token) talking to another server, e.g. a second process. */
  at(baseUrl: string): TestClient {
    const other = new TestClient(baseUrl);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    other.bearer = this.bearer;
    return other;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(this.baseUrl + path, {
      ...init,
      headers: { ...this.cookieHeader(), ...(init.headers as Record<string, string>) },
    });
    this.keepCookies(res);
    return res;
  }

  /**
   * A request over node:http, with the headers Node's fetch sends: the same request for the server
   * at a third less CPU than fetch, which the API tests spend thousands of times. Answers the
   * status and the body as text, and keeps the cookies set.
   */
  private send(method: string, path: string, body?: string | Uint8Array, contentType?: string) {
    const headers: Record<string, string> = { ...FETCH_HEADERS, ...this.cookieHeader() };
    if (contentType) headers['content-type'] = contentType;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(this.baseUrl + path, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          this.keepSetCookies(res.headers['set-cookie'] ?? []);
          resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  async rest<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<RestResult<T>> {
    const qs = query ? `?${new URLSearchParams(query)}` : '';
    const res = await this.send(
      method,
      path + qs,
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      body === undefined ? undefined : 'application/json',
    );
    return { status: res.status, body: res.text ? JSON.parse(res.text) : {} };
  }

  async gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<GqlResult<T>> {
    const res = await this.send('POST', '/graphql', JSON.stringify({ query, variables }), 'application/json');
    const json = JSON.parse(res.text) as Omit<GqlResult<T>, 'status'>;
    return { status: res.status, data: json.data ?? null, errors: json.errors };
  }

  /** GraphQL multipart request (graphql-upload spec) with one file in variable `file`. */
  async gqlUpload<T = Record<string, unknown>>(
    query: string,
    file: { name: string; type: string; data: Buffer },
  ): Promise<GqlResult<T>> {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables: { file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const res = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true' },
      body: form,
    });
    const json = (await res.json()) as Omit<GqlResult<T>, 'status'>;
    return { status: res.status, data: json.data ?? null, errors: json.errors };
  }

  /** REST call with a body of another type than JSON (bytes as they are). */
  async restBytes<T = unknown>(path: string, contentType: string, body: Uint8Array): Promise<RestResult<T>> {
    const res = await this.send('POST', path, body, contentType);
    return { status: res.status, body: res.text ? JSON.parse(res.text) : {} };
  }

  /** REST multipart upload with one file field. */
  async restUpload<T = unknown>(
    path: string,
    field: string,
    file: { name: string; type: string; data: Buffer },
  ): Promise<RestResult<T>> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const res = await this.fetch(path, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as RestResult<T>['body'] };
  }
}

export const gqlCode = (r: GqlResult<unknown>) => r.errors?.[0]?.extensions?.code;
