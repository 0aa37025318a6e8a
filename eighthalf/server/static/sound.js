// How the table page tells a person it is their turn, beside its banner and title: a short
// two-note chime made with WebAudio (nothing is fetched), and a notification of the browser
// while the page is hidden. Each only when the person turned it on (kept in localStorage, per
// device); the browser's leave to notify is asked on that click, never before.

const SOUND_KEY = "eighthalf:sound";
let audio = null;

/** Play the chime, if the sound is on; a device without audio says nothing (the banner and the title still tell the turn). */
export function chime() {
  if (localStorage.getItem(SOUND_KEY) !== "on") return;
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    audio = audio || new Context();
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(660, now);
    tone.frequency.setValueAtTime(880, now + 0.14);
    volume.gain.setValueAtTime(0.0001, now);
    volume.gain.exponentialRampToValueAtTime(0.25, now + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, now + 0.4);
    tone.connect(volume).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.45);
  } catch {
    // no audio on this device
  }
}

/** Let the checkbox `box` turn the sound on and off (checked as the person left it). */
export function setupSound(box) {
  box.checked = localStorage.getItem(SOUND_KEY) === "on";
  box.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, box.checked ? "on" : "off");
    if (box.checked && audio && audio.state === "suspended") audio.resume();
  });
}

const NOTIFY_KEY = "eighthalf:notify";
const notifications = () => typeof window.Notification === "function";

/** Show the browser's notification `title` (`body` below it), if the person turned it on, the
 * browser allows it and the page is hidden (a page in view says it itself). */
export function notify(title, body) {
  if (localStorage.getItem(NOTIFY_KEY) !== "on" || !notifications() || Notification.permission !== "granted") return;
  if (document.visibilityState === "visible") return;
  try {
    const shown = new Notification(title, { body, tag: `eighthalf-turn:${location.pathname}` });
    document.body.dataset.notified = String(Number(document.body.dataset.notified || 0) + 1);
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // a browser that shows notifications only from a service worker: the title and sound still tell
  }
}

/** Let the checkbox `box` turn the notifications on and off; ticking it asks the browser's leave. */
export function setupNotify(box) {
  if (!notifications()) {
    box.closest("p").hidden = true;
    return false;
  }
  box.checked = localStorage.getItem(NOTIFY_KEY) === "on" && Notification.permission === "granted";
  box.addEventListener("change", async () => {
    if (box.checked && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission(); // on the person's click: a user gesture
      box.checked = answer === "granted";
    }
    localStorage.setItem(NOTIFY_KEY, box.checked ? "on" : "off");
  });
  return true;
}
