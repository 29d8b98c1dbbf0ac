/**
 * The longest block of this thread's event loop by its own CPU time (decision 530): a timer
 * ticks every `intervalMs` and reads the thread's CPU time (`process.threadCpuUsage`); the
 * largest growth between two ticks is the most CPU the thread spent without returning to the
 * loop, in ms. Unlike the wall-clock delay of `monitorEventLoopDelay`, it leaves out the time the
 * thread waited for a core (other processes' and threads' turns on a loaded machine), and counts
 * what the thread itself did: a synchronous render, a structured clone, its own garbage
 * collection. Slightly more than one block when a block and the next tick's work fall between
 * two ticks.
 */
export function watchEventLoopBlocks(intervalMs = 5): { stop(): Promise<number> } {
  const cpu = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = cpu();
  let longest = 0;
  const timer = setInterval(() => {
    const now = cpu();
    longest = Math.max(longest, now - last);
    last = now;
  }, intervalMs);
  return {
    /** Stops watching once the next tick has counted a block that ended the work; its ms. */
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, intervalMs * 3));
      clearInterval(timer);
      return longest;
    },
  };
}
