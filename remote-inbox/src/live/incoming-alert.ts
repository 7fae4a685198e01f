/** Browser notification and a short chime for a message that arrives while the tab is hidden. */

const ASKED_KEY = 'parley-inbox-notifications-asked';

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Ask once: only while the browser has no answer yet and the user has not dismissed our offer. */
export function shouldOfferNotifications(): boolean {
  if (!notificationsSupported() || Notification.permission !== 'default') return false;
  try {
    return localStorage.getItem(ASKED_KEY) === null;
  } catch {
    return false;
  }
}

export function rememberNotificationsOffered(): void {
  try {
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
  } catch {
    // Private mode without storage: the offer may come back next visit, which is harmless.
  }
}

export async function askNotificationPermission(): Promise<NotificationPermission | undefined> {
  rememberNotificationsOffered();
  if (!notificationsSupported()) return undefined;
  return Notification.requestPermission();
}

export function showNotification(title: string, body: string, tag: string, onClick: () => void): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker; the chime still plays.
  }
}

let audio: AudioContext | undefined;

/** A 0.15 s two-note chime made with Web Audio, so no sound file has to be shipped or fetched. */
export function playChime(): void {
  try {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const start = audio.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = audio!.createOscillator();
      const gain = audio!.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, start + index * 0.08);
      gain.gain.exponentialRampToValueAtTime(0.001, start + index * 0.08 + 0.07);
      oscillator.connect(gain).connect(audio!.destination);
      oscillator.start(start + index * 0.08);
      oscillator.stop(start + index * 0.08 + 0.075);
    });
  } catch {
    // Autoplay rules may refuse sound before the first click; the notification is the main signal.
  }
}
