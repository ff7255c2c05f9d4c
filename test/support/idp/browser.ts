/**
 * A tiny browser for identity providers on loopback: cookies (per host and path) and one request
 * at a time, redirects followed by the caller (so a test can stop at the step it wants to alter).
 */
export class Browser {
  private readonly jar = new Map<string, { host: string; path: string; name: string; value: string }>();

  async get(url: string): Promise<Response> {
    return this.send(url, { method: 'GET' });
  }

  async postForm(url: string, form: Record<string, string>): Promise<Response> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const target = new URL(url);
    const cookie = [...this.jar.values()]
      .filter((c) => c.host === target.host && target.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const res = await fetch(target, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const header of res.headers.getSetCookie()) this.store(target, header);
    return res;
  }

  private store(from: URL, header: string): void {
    const [pair, ...attributes] = header.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const pathAttr = attributes.find((a) => a.toLowerCase().startsWith('path='));
    const path = pathAttr ? pathAttr.slice(5) : '/';
    const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now()));
    const key = `${from.host}|${path}|${name}`;
    if (expired || value === '') this.jar.delete(key);
    else this.jar.set(key, { host: from.host, path, name, value });
  }
}

/** The Location of a redirect, absolute. */
export function locationOf(res: Response, base: string): string {
  const location = res.headers.get('location');
  if (!location || res.status < 300 || res.status >= 400) throw new Error(`expected a redirect, got ${res.status}`);
  return new URL(location, base).toString();
}
