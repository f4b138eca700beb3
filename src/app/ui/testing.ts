/** jsdom has no modal dialogs: `open` is all the app's Dialog needs (component tests call this first). */
export function polyfillDialogs(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}

/** jsdom lays nothing out and has no ResizeObserver: a panel's size is watched all the same (nothing is ever reported). */
export function polyfillResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
