// The renderer's entry: picks the bridge (the desktop app's preload, or the WebSocket of
// `munin-view serve`) and renders the app.

import { createRoot } from 'react-dom/client';
import type { MuninBridge, PreloadApi } from '../../shared/api/bridge.js';
import { createSocketBridge } from './api/socket-bridge.js';
import { createElectronBridge } from './api/electron-bridge.js';
import { App } from './App.js';
import './styles.css';
import 'uplot/dist/uPlot.min.css';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in a browser. */
    readonly muninPreload?: PreloadApi;
  }
}

const bridge: MuninBridge =
  window.muninPreload !== undefined
    ? createElectronBridge(window.muninPreload)
    : createSocketBridge();
createRoot(document.getElementById('root')!).render(<App bridge={bridge} />);
