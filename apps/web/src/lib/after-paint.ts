/**
 * Runs `callback` once the next frame is on screen: a task queued from the frame's callback runs
 * after that frame is painted. Returns a function that cancels it. Where the page draws no frames
 * (a test's document), it runs in a task of its own.
 */
export function afterNextPaint(callback: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) callback();
  };
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}
