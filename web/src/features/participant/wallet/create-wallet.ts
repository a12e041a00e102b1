// A wallet made in this browser: ethers is loaded only here, when the participant asks for one.
export async function createBrowserWallet(): Promise<{ address: string; privateKey: string; phrase: string | null }> {
  const { Wallet } = await import('ethers');
  const wallet = Wallet.createRandom();
  return { address: wallet.address, privateKey: wallet.privateKey, phrase: wallet.mnemonic?.phrase ?? null };
}
