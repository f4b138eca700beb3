/** jsdom has no modal dialogs: `open` is all the app's Dialog needs (component tests call this first). */
export function polyfillDialogs(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
