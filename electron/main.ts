// The Electron main process: one secure window (context isolation, sandbox, strict CSP, no
// navigation, no new windows, no permissions), the app's pages from a private scheme, the Api
// over IPC through DesktopHost, the menu, remembered window bounds and recent stores.

import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  session,
  shell,
} from 'electron';
import type { WebContents } from 'electron';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MenuCommand } from '../shared/api/bridge.js';
import { apiChannel, DESKTOP_CHANNELS, EVENT_CHANNELS } from '../shared/api/ipc-channels.js';
import { externalLink } from '../shared/api/external-link.js';
import { DesktopHost } from './host/desktop-host.js';
import { SettingsFile, thresholdsProblem } from './desktop-settings.js';
import { DesktopNotifier } from './notify/desktop-notifier.js';
import { LINK_SCHEME, linkInArguments, parseDesktopLink, withoutLink } from './desktop-link.js';
import type { HealthThresholds } from '../shared/api/health.js';
import { appMenuTemplate } from './app-menu.js';
import { appArguments } from './app-arguments.js';
import { isSshAddress } from './sources/remote/ssh-address.js';
import { checkRemoteStoreRequest } from './remote-store-request.js';
import { resolveAppFile } from './app-protocol.js';
import { isLoggedFileAddress } from './host/logged-file-response.js';
import { configureLog, consoleSink } from './log.js';

// The main process's console is where Electron's log shows; the CLI passes --verbose on.
configureLog({ verbose: process.argv.includes('--verbose'), sink: consoleSink });
import { hasOrigin, isTrustedSender } from './ipc-sender.js';

const SCHEME = 'munin-app';
const APP_ORIGIN = `${SCHEME}://app`;
const here = dirname(fileURLToPath(import.meta.url));
const RENDERER_DIR = resolve(here, '..', 'renderer');
const PRELOAD = join(here, 'preload.cjs');

protocol.registerSchemesAsPrivileged([
  {
    scheme: SCHEME,
    // stream: audio and video of the scheme are read in ranges as they play and seek, as over
    // HTTP, rather than taken to be buffered whole.
    privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
  },
]);

let mainWindow: BrowserWindow | null = null;
/** A link macOS handed over before the app was ready. */
let pendingLink: string | null = null;
let settings: SettingsFile;

function isAppUrl(url: string): boolean {
  return hasOrigin(url, APP_ORIGIN);
}

function sendToWindows(channel: string, value: unknown): void {
  for (const window of BrowserWindow.getAllWindows()) window.webContents.send(channel, value);
}

const host = new DesktopHost(
  (webContentsId, frame) => {
    const target = BrowserWindow.getAllWindows().find((w) => w.webContents.id === webContentsId);
    target?.webContents.send(EVENT_CHANNELS.delta, frame);
  },
  (root) => {
    if (root !== null) {
      settings.rememberStore(root);
      // The system's recent documents are files of this machine; a far store's address is not.
      if (!isSshAddress(root)) app.addRecentDocument(root);
    }
    mainWindow?.setTitle(root === null ? 'munin-view' : `munin-view — ${root}`);
    sendToWindows(EVENT_CHANNELS.storeChanged, root);
    buildMenu();
  },
);

const notifier = new DesktopNotifier(
  (options) => new Notification(options),
  (target) => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    mainWindow.webContents.send(EVENT_CHANNELS.notificationClick, target);
  },
);

/**
 * What the command line names to open (not options, a link, nor the app), and how to reach far
 * ones.
 */
function pathsFromArguments(argv: readonly string[]): readonly string[] {
  const { paths, remote } = appArguments(withoutLink(argv.slice(app.isPackaged ? 1 : 2)), (arg) =>
    resolve(arg),
  );
  host.setRemote(remote);
  return paths;
}

/** Opens a far store the page's dialog names, once main checked it (and the user confirmed). */
async function addRemoteStore(address: unknown, remoteCommand: unknown) {
  const checked = checkRemoteStoreRequest(address, remoteCommand);
  if (!checked.ok) return { ok: false as const, cancelled: false, message: checked.message };
  if (checked.confirm !== null) {
    const answer = await dialog.showMessageBox({
      type: 'question',
      message: checked.confirm,
      buttons: ['Connect', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
    });
    if (answer.response !== 0) return { ok: false as const, cancelled: true, message: '' };
  }
  return host.addRemote(checked.address, checked.remoteCommand);
}

/**
 * Follows a munin-view:// link: opens its store unless it is open, then shows its page there (a
 * run not in the store says so on its page); a link that names no store here says why.
 */
async function followLink(text: string): Promise<void> {
  const link = parseDesktopLink(text);
  if (!link.ok) return void dialog.showErrorBox('munin-view cannot follow the link', link.problem);
  if (host.root !== resolve(link.store)) {
    const opened = await host.open(link.store);
    if (!opened.ok)
      return void dialog.showErrorBox('munin-view cannot open the link’s store', opened.message);
  }
  if (mainWindow === null) pendingPage = link.page;
  else {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    mainWindow.webContents.send(EVENT_CHANNELS.openPage, link.page);
  }
}

/** A page a link asked for before the window was there: shown once it has loaded. */
let pendingPage: string | null = null;

function demoStorePath(): string {
  return join(app.getPath('userData'), 'demo-store');
}

async function openDemo() {
  const root = demoStorePath();
  if (!existsSync(join(root, 'runs'))) {
    // Loaded here, not at the top: the demo's simulator, PNG encoder and run writer are for
    // this one menu item, not for every launch.
    const { writeDemoStore } = await import('./demo/demo-store.js');
    writeDemoStore(root);
  }
  return host.open(root);
}

function menuCommand(command: MenuCommand): void {
  mainWindow?.webContents.send(EVENT_CHANNELS.menuCommand, command);
}

async function openWithDialog() {
  const result = await dialog.showOpenDialog({
    title: 'Open a munin store',
    properties: ['openDirectory'],
    buttonLabel: 'Open store',
  });
  const chosen = result.filePaths[0];
  if (result.canceled || chosen === undefined)
    return { ok: false as const, cancelled: true, message: '' };
  return host.open(chosen);
}

/** Asks for a .jsonl event stream, then opens it in place of what is open or beside it. */
async function streamWithDialog(how: 'open' | 'add') {
  const result = await dialog.showOpenDialog({
    title:
      how === 'add' ? 'Add a JSONL event stream beside the open runs' : 'Open a JSONL event stream',
    properties: ['openFile'],
    filters: [{ name: 'JSONL event streams', extensions: ['jsonl'] }],
    buttonLabel: how === 'add' ? 'Add' : 'Open',
  });
  const chosen = result.filePaths[0];
  if (result.canceled || chosen === undefined)
    return { ok: false as const, cancelled: true, message: '' };
  return how === 'add' ? host.add(chosen) : host.open(chosen);
}

function buildMenu(): void {
  const template = appMenuTemplate(
    {
      platform: process.platform,
      packaged: app.isPackaged,
      recent: settings.recent,
      storeOpen: host.root !== null,
    },
    {
      openWithDialog: () => void openWithDialog(),
      openStreamWithDialog: () => void streamWithDialog('open'),
      addStreamWithDialog: () => void streamWithDialog('add'),
      openRecent: (root) => void host.open(root),
      openDemo: () => void openDemo(),
      close: () => void host.close(),
      about: () =>
        void dialog.showMessageBox({
          message: `munin-view ${app.getVersion()}`,
          detail: 'A viewer for munin stores: ML training runs kept on local disk.',
        }),
      command: menuCommand,
    },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Links out of the app open in the user's browser, and only http(s) ones.
    const external = externalLink(url);
    if (external !== null) void shell.openExternal(external);
    return { action: 'deny' };
  });
}

function createWindow(): void {
  const bounds = settings.window;
  const window = new BrowserWindow({
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: 760,
    minHeight: 480,
    show: false,
    title: 'munin-view',
    backgroundColor: '#0f1115',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      spellcheck: false,
    },
  });
  mainWindow = window;
  if (bounds.maximized) window.maximize();
  lockDown(window.webContents);
  const remember = (): void => {
    if (window.isDestroyed()) return;
    const { x, y, width, height } = window.getNormalBounds();
    settings.rememberWindow({ x, y, width, height, maximized: window.isMaximized() });
  };
  window.on('resized', remember);
  window.on('moved', remember);
  window.on('maximize', remember);
  window.on('unmaximize', remember);
  const contentsId = window.webContents.id;
  window.on('closed', () => {
    host.forget(contentsId);
    mainWindow = null;
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.once('did-finish-load', () => {
    if (pendingPage === null) return;
    window.webContents.send(EVENT_CHANNELS.openPage, pendingPage);
    pendingPage = null;
  });
  void window.loadURL(`${APP_ORIGIN}/index.html`);
}

/**
 * Registers a handler of a desktop channel. Every handler main registers goes through here or
 * through host.register, both behind isTrustedSender: a call from any other frame gets nothing.
 */
function handleTrusted(channel: string, handler: (...args: unknown[]) => unknown): void {
  ipcMain.handle(channel, async (event, ...args: unknown[]) => {
    if (!isTrustedSender(event, APP_ORIGIN))
      throw new Error('refused a call from a frame that is not the app');
    return handler(...args);
  });
}

function registerIpc(): void {
  host.register(ipcMain, (event) => isTrustedSender(event, APP_ORIGIN), apiChannel);
  handleTrusted(DESKTOP_CHANNELS.openStoreDialog, () => openWithDialog());
  handleTrusted(DESKTOP_CHANNELS.openDroppedFolder, (path) =>
    typeof path === 'string' && path.length > 0
      ? host.open(path)
      : { ok: false, cancelled: false, message: 'Only a folder can be dropped here.' },
  );
  handleTrusted(DESKTOP_CHANNELS.addDropped, (path) =>
    typeof path === 'string' && path.length > 0
      ? host.add(path)
      : { ok: false, cancelled: false, message: 'Only a file or a folder can be dropped here.' },
  );
  handleTrusted(DESKTOP_CHANNELS.addStreamDialog, () => streamWithDialog('add'));
  handleTrusted(DESKTOP_CHANNELS.addRemoteStore, (address, remoteCommand) =>
    addRemoteStore(address, remoteCommand),
  );
  handleTrusted(DESKTOP_CHANNELS.openRecent, (root) =>
    typeof root === 'string' && settings.recent.includes(root)
      ? host.open(root)
      : { ok: false, cancelled: false, message: 'That store is not among the recent ones.' },
  );
  handleTrusted(DESKTOP_CHANNELS.openDemoStore, () => openDemo());
  handleTrusted(DESKTOP_CHANNELS.closeStore, () => host.close());
  handleTrusted(DESKTOP_CHANNELS.recentStores, () => settings.recent);
  handleTrusted(DESKTOP_CHANNELS.currentStore, () => host.root);
  handleTrusted(
    DESKTOP_CHANNELS.showNotification,
    (notice) => Notification.isSupported() && notifier.show(notice),
  );
  handleTrusted(DESKTOP_CHANNELS.healthThresholds, () => settings.health);
  handleTrusted(DESKTOP_CHANNELS.setHealthThresholds, (thresholds) => {
    const problem = thresholdsProblem(thresholds);
    if (problem !== null) return { ok: false, message: problem };
    settings.rememberHealth(thresholds as HealthThresholds);
    host.setHealthThresholds(settings.health);
    return { ok: true };
  });
  handleTrusted(DESKTOP_CHANNELS.revealLoggedFile, (runId, path) => {
    const found = host.loggedFilePath(runId, path);
    if (!found.ok) return found;
    shell.showItemInFolder(found.path);
    return { ok: true };
  });
}

function servePages(): void {
  protocol.handle(SCHEME, (request) => {
    // The page fetches logged files by relative address, so they come here as they go to `serve`.
    const url = new URL(request.url);
    if (url.host === 'app' && isLoggedFileAddress(url.pathname))
      return host.loggedFileResponse({
        method: request.method,
        pathname: url.pathname,
        range: request.headers.get('Range') ?? undefined,
        ifRange: request.headers.get('If-Range') ?? undefined,
      });
    const answer = resolveAppFile(request.url, RENDERER_DIR, 'app');
    if (answer.status !== 200) return new Response(answer.reason, { status: answer.status });
    return net.fetch(pathToFileURL(answer.path).toString());
  });
}

const firstInstance = app.requestSingleInstanceLock();
if (!firstInstance) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => {
    const link = linkInArguments(argv);
    const paths = pathsFromArguments(argv);
    if (link !== null) void followLink(link);
    else if (paths.length > 0) void host.open(paths);
    if (mainWindow !== null) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  // macOS hands a clicked munin-view:// link here (elsewhere it comes as an argument).
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (app.isReady()) void followLink(url);
    else pendingLink = url;
  });
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  app.on('window-all-closed', () => {
    void host.close().finally(() => app.quit());
  });
  void app.whenReady().then(async () => {
    settings = SettingsFile.inFolder(app.getPath('userData'));
    host.setHealthThresholds(settings.health);
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
      callback(false),
    );
    session.defaultSession.setPermissionCheckHandler(() => false);
    servePages();
    registerIpc();
    buildMenu();
    // munin-view:// links open this app (registered for the user; a packaged app also declares
    // it in its bundle).
    app.setAsDefaultProtocolClient(LINK_SCHEME);
    const paths = pathsFromArguments(process.argv);
    const link = pendingLink ?? linkInArguments(process.argv.slice(app.isPackaged ? 1 : 2));
    if (link !== null) await followLink(link);
    else if (paths.length > 0) {
      const opened = await host.open(paths);
      if (!opened.ok) dialog.showErrorBox('munin-view could not open the store', opened.message);
    }
    createWindow();
  });
}
