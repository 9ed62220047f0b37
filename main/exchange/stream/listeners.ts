// The listeners of one kind of notification a stream hands on: added with a way to remove them
// again, and all told in the order they came.
export class Listeners<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  add(listener: (...args: Args) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(...args: Args): void {
    for (const listener of this.listeners) listener(...args);
  }
}
