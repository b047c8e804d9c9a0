// The small pages keycloak-js loads in hidden iframes from a Keycloak realm: the third-party
// cookie check (3p-cookies/step1.html → step2.html) and the login-status iframe. Each page is
// one inline script; the server serves it with a CSP allowing exactly that script's hash.

export const STEP1_SCRIPT = `(function () {
  function signal(supported) { window.parent.postMessage(supported ? "supported" : "unsupported", "*"); }
  function attemptWithTestCookie() {
    document.cookie = "KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; SameSite=None; Secure";
    document.cookie = "KEYCLOAK_3P_COOKIE=supported; Max-Age=60";
    window.location.replace("step2.html");
  }
  if (typeof document.hasStorageAccess === "function") {
    document.hasStorageAccess().then(function (granted) {
      if (granted) { attemptWithTestCookie(); } else { signal(false); }
    }, function () { signal(false); });
  } else {
    attemptWithTestCookie();
  }
})();`;

export const STEP2_SCRIPT = `(function () {
  var supported = document.cookie.indexOf("KEYCLOAK_3P_COOKIE") !== -1;
  document.cookie = "KEYCLOAK_3P_COOKIE_SAMESITE=; Max-Age=0; SameSite=None; Secure";
  document.cookie = "KEYCLOAK_3P_COOKIE=; Max-Age=0";
  window.parent.postMessage(supported ? "supported" : "unsupported", "*");
})();`;

export const LOGIN_STATUS_SCRIPT = `(function () {
  var allowed = {};
  window.addEventListener("message", function (event) {
    var parts = typeof event.data === "string" ? event.data.split(" ") : [];
    var clientId = parts[0] || "";
    var sessionState = parts[1] || "";
    var origin = event.origin;
    function reply(answer) { event.source.postMessage(answer, origin); }
    function check() {
      fetch("login-status-iframe.html/status?client_id=" + encodeURIComponent(clientId), { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
        .then(function (status) { reply(status.sid && status.sid === sessionState ? "unchanged" : "changed"); })
        .catch(function () { reply("error"); });
    }
    if (!clientId || !event.source) { return; }
    if (allowed[origin + " " + clientId]) { check(); return; }
    fetch("login-status-iframe.html/init?client_id=" + encodeURIComponent(clientId) + "&origin=" + encodeURIComponent(origin), { credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 204) { reply("error"); return; }
        allowed[origin + " " + clientId] = true;
        check();
      }, function () { reply("error"); });
  });
})();`;

export function scriptPage(title: string, script: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script>${script}</script></head><body></body></html>`;
}
