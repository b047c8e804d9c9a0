// Hands the silent sign-on result back to the portal. A separate file rather than an
// inline script so the Content-Security-Policy can forbid inline scripts.
parent.postMessage(location.href, location.origin);
