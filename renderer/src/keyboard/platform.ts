// Whether the app runs on a Mac, where Mod is ⌘ and shortcuts are shown with its symbols.

export const MAC = /Mac|iPhone|iPad|iPod/.test(navigator.platform);
