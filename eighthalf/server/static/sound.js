// The table page's sound: a short two-note chime when it becomes this seat's turn, made with
// WebAudio (nothing is fetched), played only when the person turned the sound on (kept in
// localStorage, per device).

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
