// "Your turn" finds the person wherever they look: the tab's title and icon change, and an
// optional chime (off until the person turns it on; the choice is kept in this browser).

import { el } from "./dom.js";

const ICON = "/favicon.ico";
const TURN_ICON = "/static/favicon-turn.svg";
const SOUND_KEY = "matchmaker:sound";

function soundWanted() {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

function keepSound(on) {
  try {
    window.localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    /* a browser without storage forgets the choice */
  }
}

/** Two short soft notes through Web Audio (no sound file to fetch). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  const start = audio.currentTime;
  [660, 880].forEach((frequency, i) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + i * 0.16);
    volume.gain.exponentialRampToValueAtTime(0.15, start + i * 0.16 + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.16 + 0.15);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + i * 0.16);
    tone.stop(start + i * 0.16 + 0.16);
  });
  setTimeout(() => audio.close(), 600);
}

export class TurnSignal {
  constructor() {
    this.yours = false;
    this.sound = soundWanted();
    this.icon = document.querySelector("link[rel=icon]");
    this.toggle = el("button", {
      type: "button",
      class: "sound-toggle",
      "data-testid": "sound-toggle",
      onclick: () => this.setSound(!this.sound),
    });
    this.showSound();
  }

  setSound(on) {
    this.sound = on;
    keepSound(on);
    this.showSound();
    if (on) chime(); // what it will sound like (and the browser's leave to play it)
  }

  showSound() {
    this.toggle.textContent = this.sound ? "♪ Sound on" : "♪ Sound off";
    this.toggle.setAttribute("aria-pressed", this.sound ? "true" : "false");
    this.toggle.title = "A chime when it becomes your turn";
  }

  /** Whether a decision waits for this person now; the chime sounds when one starts to. */
  update(yours, title) {
    if (document.title !== title) document.title = title;
    if (this.icon) {
      const href = yours ? TURN_ICON : ICON;
      if (this.icon.getAttribute("href") !== href) this.icon.setAttribute("href", href);
    }
    if (yours && !this.yours && this.sound) chime();
    this.yours = yours;
  }
}
