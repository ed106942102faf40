// Registers the service worker (offline play) and offers a reload when a new
// version of the site has been installed in the background. Plain JavaScript,
// so that it runs before Python has started.
//
// Registration waits until the table is on screen and the runtime's two large
// files the page downloaded are kept for the worker (interpreter.mjs): on a
// first visit its precache then takes them from there, and the rest from the
// HTTP cache, where the page has just put them, instead of downloading them a
// second time alongside the page.
// (The interpreter module is the page's own: importing it here loads nothing.)
import { runtimeHandedOver, whenTableShown } from "./interpreter.mjs";

(() => {
  if (!("serviceWorker" in navigator)) {
    return;
  }
  let reloadAsked = false;
  const offer = (worker) => {
    const prompt = document.getElementById("update-prompt");
    prompt.hidden = false;
    prompt.querySelector("button").addEventListener("click", () => {
      reloadAsked = true;
      worker.postMessage("skip-waiting");
    }, { once: true });
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadAsked) {
      location.reload();
    }
  });
  const register = () => navigator.serviceWorker.register("./sw.js").then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) {
      offer(registration.waiting);
    }
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) {
          offer(worker);
        }
      });
    });
    // Browsers look for a new service worker on navigation; a tab left open
    // for days also asks every hour.
    setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
  }).catch(() => {});
  whenTableShown(() => runtimeHandedOver().then(register));
})();
