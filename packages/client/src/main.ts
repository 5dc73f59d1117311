import './styles.css';
import type { Seat } from '@lames/rules';
import { GamePage } from './game/game';
import { lang, t } from './i18n';
import { Lobby } from './lobby/lobby';
import { tryReconnect, type BattleRoom } from './net/connection';
import { toast } from './ui/toast';

const app = document.getElementById('app')!;
document.documentElement.lang = lang();

function showLobby(): void {
  document.title = t('app.title');
  new Lobby((room, seat) => void showGame(room, seat)).mount(app);
}

async function showGame(room: BattleRoom, _seat: Seat | null): Promise<void> {
  const page = new GamePage(room, () => showLobby());
  try {
    await page.mount(app);
  } catch (e) {
    console.error(e);
    toast(String(e), 'error');
  }
}

async function boot(): Promise<void> {
  const room = await tryReconnect();
  if (room) await showGame(room, null);
  else showLobby();
}

void boot();
