import './styles.css';
import { GamePage } from './game/game';
import { BroadcastPage } from './game/broadcast-page';
import { lang, t, type TextKey } from './i18n';
import { Lobby, type LobbyOptions } from './lobby/lobby';
import { currentBattle, enterBattle, setCurrentBattle, storedName, type BattleRoom, type EnterOptions } from './net/connection';
import { errorText } from './net/errors';
import { seatKeys } from './net/keys';
import { parseLink } from './net/links';
import { toast } from './ui/toast';
import { OrganiserPage } from './organiser/page';
import { parseReplayHash } from './replay/credentials';
import { ReplayPage } from './replay/page';

/**
 * The page: the lobby or a battle. A seat link in the fragment is read once,
 * then cleared from the address bar (it holds a secret); a reload of a
 * battle's tab enters it again with the seat's stored key.
 */

const app = document.getElementById('app')!;
document.documentElement.lang = lang();

/** The lobby or the replay page on screen, so that a replay address opened from the lobby replaces it. */
let shown: { unmount(): void } | null = null;

function showLobby(options: LobbyOptions = {}): void {
  document.title = t('app.title');
  const lobby = new Lobby((room) => void showGame(room), { ...options, organiser: showOrganiser });
  shown = lobby;
  lobby.mount(app);
}

/** The replay viewer (issue 12, replay/): its seat key comes from this browser's storage, never from the address. */
function showReplay(battleId: string): void {
  shown?.unmount();
  const page = new ReplayPage(battleId, () => {
    page.unmount();
    shown = null;
    history.replaceState(null, '', window.location.pathname + window.location.search);
    showLobby();
  });
  shown = page;
  void page.mount(app);
}

window.addEventListener('hashchange', () => {
  const battleId = parseReplayHash(window.location.hash);
  if (battleId && shown) showReplay(battleId);
});

function showOrganiser(): void {
  const page = new OrganiserPage(() => {
    page.unmount();
    history.replaceState(null, '', window.location.pathname + window.location.search);
    showLobby();
  });
  page.mount(app);
}

async function showGame(room: BattleRoom): Promise<void> {
  shown = null;
  if (room.name === 'broadcast') return showBroadcast(room);
  const page = new GamePage(room, {
    leave: (notice) => showLobby(notice ? { notice } : {}),
    lost: (battleId) => void enter(battleId, { key: seatKeys.get(battleId)?.key }, 'game.reenterFailed'),
  });
  try {
    await page.mount(app);
  } catch (e) {
    console.error(e);
    toast(String(e), 'error');
  }
}

/** A broadcast battle's spectator (issue 12): the delayed full view, read-only. */
async function showBroadcast(room: BattleRoom): Promise<void> {
  const page = new BroadcastPage(room, () => showLobby());
  try {
    await page.mount(app);
  } catch (e) {
    console.error(e);
    toast(String(e), 'error');
  }
}

/** Enters a battle with the player's stored name; on failure, the lobby says why. */
async function enter(battleId: string, secret: Omit<EnterOptions, 'playerName'>, failure: TextKey): Promise<void> {
  try {
    await showGame(await enterBattle(battleId, { playerName: storedName() || t('lobby.anonymous'), ...secret }));
  } catch (e) {
    setCurrentBattle(null);
    // written again in each language the player switches to (issue 11)
    showLobby({ notice: () => `${t(failure)} ${errorText(e)}` });
  }
}

async function boot(): Promise<void> {
  // the organiser page (issue 12): its own route, no seat involved
  if (/^#\/organiser\/?$/.test(window.location.hash)) return showOrganiser();
  const replayOf = parseReplayHash(window.location.hash);
  if (replayOf) return showReplay(replayOf);
  const link = parseLink(window.location.hash);
  if (link) {
    // the secret leaves the address bar (and the history) at once
    history.replaceState(null, '', window.location.pathname + window.location.search);
    if (!storedName()) return showLobby({ link });
    const secret = link.kind === 'key' ? { key: link.secret } : { invite: link.secret };
    return enter(link.battleId, secret, 'lobby.linkFailed');
  }
  const current = currentBattle();
  const held = current ? seatKeys.get(current) : null;
  if (held) return enter(held.battleId, { key: held.key }, 'game.reenterFailed');
  showLobby();
}

void boot();
