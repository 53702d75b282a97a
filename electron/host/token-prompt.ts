// The door of `serve` for a page opened without the token (a copied link, which never holds it):
// a small page that asks for the token and goes on to the same address, the page's place in the
// app (its #…) kept; its script and style are files of their own, as the CSP asks. They hold
// nothing of the store, so they are served without the token.

/** The addresses of the app's page, where a browser without the token is asked for it. */
export function isAppPage(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.html';
}

export const PROMPT_SCRIPT = '/token-prompt.js';
export const PROMPT_STYLE = '/token-prompt.css';

export const PROMPT_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>munin-view: token needed</title>
<link rel="stylesheet" href="${PROMPT_STYLE}">
<script src="${PROMPT_SCRIPT}" defer></script>
</head>
<body>
<main>
<h1>This munin-view needs its token</h1>
<p>Links to a page leave the token out. Paste the token <code>munin-view serve</code> printed
(the part after <code>?token=</code> in its address) to open the page.</p>
<form id="token-form">
<input id="token" name="token" type="password" autocomplete="off" spellcheck="false"
 aria-label="Token" placeholder="Token" required>
<button type="submit">Open</button>
</form>
<p id="wrong" hidden>That token is not this server's.</p>
</main>
</body>
</html>
`;

export const PROMPT_JS = `// Goes on to the page asked for with the token given: the server trades it for a cookie and
// takes it out of the address, and the page's own place (#...) is kept.
document.getElementById('token-form').addEventListener('submit', function (event) {
  event.preventDefault();
  var token = document.getElementById('token').value.trim();
  if (token !== '') location.href = '/?token=' + encodeURIComponent(token) + location.hash;
});
if (new URLSearchParams(location.search).has('token')) document.getElementById('wrong').hidden = false;
`;

export const PROMPT_CSS = `body { margin: 0; font: 14px/1.5 system-ui, sans-serif; color: #1c2430; background: #f6f7f9; }
main { max-width: 440px; margin: 12vh auto; padding: 28px; background: #fff; border: 1px solid #dde1e6; border-radius: 10px; }
h1 { margin: 0 0 8px; font-size: 18px; }
p { color: #4b5563; }
form { display: flex; gap: 8px; margin-top: 16px; }
input { flex: 1; height: 32px; padding: 0 10px; border: 1px solid #c3c9d2; border-radius: 6px; font: inherit; }
button { height: 34px; padding: 0 16px; border: none; border-radius: 6px; background: #2f6fed; color: #fff; font: inherit; cursor: pointer; }
#wrong { color: #c62f2f; }
code { font-size: 12.5px; }
@media (prefers-color-scheme: dark) {
  body { color: #e6e9ee; background: #0f1115; }
  main { background: #161920; border-color: #262b36; }
  p { color: #a3aab8; }
  input { background: #0f1115; color: #e6e9ee; border-color: #3a4150; }
}
`;
