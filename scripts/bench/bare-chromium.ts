// Headless Chromium driven over a bare DevTools connection, for benchmarks that post large bodies.
// Playwright enables the DevTools Network domain on every page, and Chromium then copies each
// request's body, base64, into the event it sends the driver: for the upload benchmark that is
// 230 MB per million rows through Chromium's browser process and Playwright's JSON parser, on the
// same two cores as the upload, which a person's browser never does. This driver only opens a
// tab, sets cookies, loads a page and evaluates scripts (Target, Storage, Page and Runtime
// domains); it never enables Network, so request bodies stay between the page and the network.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../test/e2e/support/browser';

type Reply = { id?: number; result?: Record<string, unknown>; error?: { message: string } };

export type BareTab = {
  /** Evaluates `expression` in the page, awaits its promise and returns its value (JSON). */
  evaluate<T>(expression: string): Promise<T>;
};

export type BareChromium = {
  /** Opens `url` in a new tab with these cookies, once `ready` (an expression) is true there. */
  open(url: string, cookies: { name: string; value: string }[], ready: string): Promise<BareTab>;
  close(): Promise<void>;
};

export async function launchBareChromium(): Promise<BareChromium> {
  const executable = chromiumExecutable();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-chromium-'));
  const child: ChildProcess = spawn(
    executable,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen.slice(-500)}`)), 30_000);
    child.stderr!.on('data', (data: Buffer) => {
      seen += data.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen.slice(-500)}`)));
  });
  child.stderr!.resume();

  const socket = new WebSocket(endpoint);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error(`cannot connect to ${endpoint}`));
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  socket.onmessage = (event) => {
    const reply = JSON.parse(String(event.data)) as Reply;
    const pending = reply.id === undefined ? undefined : waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id!);
    if (reply.error) pending.reject(new Error(reply.error.message));
    else pending.resolve(reply.result ?? {});
  };
  // Chromium gone (crashed, killed): every command still waiting fails instead of hanging the run
  let gone: Error | null = null;
  socket.onclose = () => {
    gone = new Error('the DevTools connection to Chromium closed');
    for (const pending of waiting.values()) pending.reject(gone);
    waiting.clear();
  };
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });

  return {
    async open(url, cookies, ready) {
      await send('Storage.setCookies', { cookies: cookies.map((c) => ({ ...c, url })) });
      const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
      const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
        sessionId: string;
      };
      const evaluate = async <T>(expression: string): Promise<T> => {
        const result = (await send(
          'Runtime.evaluate',
          { expression, awaitPromise: true, returnByValue: true },
          sessionId,
        )) as { result: { value: T }; exceptionDetails?: { text: string; exception?: { description?: string } } };
        if (result.exceptionDetails) {
          throw new Error(result.exceptionDetails.exception?.description ?? result.exceptionDetails.text);
        }
        return result.result.value;
      };
      await send('Page.navigate', { url }, sessionId);
      for (let tries = 0; !(await evaluate<boolean>(`Boolean(${ready})`).catch(() => false)); tries++) {
        if (tries > 300) throw new Error(`${url} was not ready after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { evaluate };
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      socket.close();
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
