/** Makes `navigator.onLine` answer `online`, as the browser does when the network comes and goes. */
export function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}
