// "Get test funds" on the local chain (POST /v1/chain/testFunds): 1 ETH and 1,000 IPT to a wallet.
export type TestFundsResult = { ok: true; eth: string; ipt: number } | { ok: false; message: string };

export async function requestTestFunds(address: string): Promise<TestFundsResult> {
  let response: Response;
  try {
    response = await fetch(new URL('/v1/chain/testFunds', window.location.origin), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address }),
    });
  } catch {
    return { ok: false, message: 'The server could not be reached. Check your connection and try again.' };
  }
  const payload = (await response.json().catch(() => null)) as {
    result?: { eth: string; ipt: number };
    error?: { message?: string };
  } | null;
  if (response.ok && payload?.result) return { ok: true, ...payload.result };
  if (response.status === 404) return { ok: false, message: 'Test funds exist only on the local chain.' };
  return { ok: false, message: payload?.error?.message ?? `The server answered ${response.status}.` };
}
