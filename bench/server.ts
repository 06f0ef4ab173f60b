/** Resolves once the built server at `base` answers its health check (it migrates and seeds first). */
export async function waitUntilListening(base: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
