import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { alarmApi, type AlarmLevelRecord, type AlarmLiveEvent, type AlarmSummary, type Language } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';
import { readLiveStream } from '../../shared/api/liveStream';
import { useCan } from '../../shared/permissions';
import { useUi } from '../../shared/ui';

const LABEL_OF: Record<Language, keyof AlarmLevelRecord> = { en: 'labelEn', in: 'labelIn', th: 'labelTh', zh: 'labelZh' };
/** The records the bell counts (docs/alarms.md, "What the bell counts"): open, told in the header. */
const TOLD_IN_HEADER = '/product/device/alarmRecord/list?alarmState=OPEN&header=true';
/** Read by screen readers, not shown: the notice shows it. */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

/** A short two-tone chime for a level with sound (the browser plays it once the user has used the page). */
function chime(): void {
  try {
    const audio = new AudioContext();
    const tone = (frequency: number, at: number) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, audio.currentTime + at);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.25);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + at);
      oscillator.stop(audio.currentTime + at + 0.25);
    };
    tone(880, 0);
    tone(660, 0.3);
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // No audio here (a browser without it, or one that refuses before a user gesture): the badge still tells.
  }
}

/**
 * The header's alarm bell (docs/alarms.md, "Live"): the count of open alarms the account may see
 * whose rule names the header badge, raised live by each new one, which also shows as a notice in the level's words and, for a level
 * with sound, chimes, and lowered live when one is cleared or acknowledged. Opens the records it counts.
 */
export function AlarmBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const ui = useUi();
  // Unknown (null) until the first count arrives: the bell names no number it has not heard.
  const [open, setOpen] = useState<number | null>(null);
  const [latest, setLatest] = useState('');
  const levels = useRef<AlarmLevelRecord[]>([]);

  // A new alarm is told in the words of the moment (the language, the texts loaded since); the calls
  // and the stream start once, however often those change while the first page loads.
  const onAlarm = useEffectEvent((alarm: AlarmLiveEvent) => {
    const level = levels.current.find((each) => each.level === alarm.level);
    const levelWord = level ? String(level[LABEL_OF[i18n.language as Language] ?? 'labelEn']) : alarm.level;
    const text = t('shell.newAlarm', { level: levelWord, device: alarm.deviceNumber, content: alarm.content });
    setOpen((count) => (count ?? 0) + 1);
    setLatest(text);
    ui.notification.warning({ key: `alarm-${alarm.id}`, title: text, placement: 'topRight' });
    if (level ? level.sound : alarm.level === 'HIGH') chime();
  });

  useEffect(() => {
    let stopped = false;
    // The stream's figures are newer than the first call's answer when they come first.
    let heard = false;
    void request(alarmApi.summary, undefined).then(
      (summary) => !stopped && !heard && setOpen(summary.open),
      () => undefined,
    );
    void request(alarmApi.levelChoices, undefined).then(
      (found) => (levels.current = found),
      () => undefined,
    );
    const stop = readLiveStream({
      path: alarmApi.live.path,
      onStatus: () => undefined,
      onEvent: (name, data) => {
        if (stopped) return;
        if (name === 'alarm') onAlarm(data as AlarmLiveEvent);
        // The count as the server has it, after any alarm opened, cleared or acknowledged (by anyone).
        if (name === 'summary') {
          heard = true;
          setOpen((data as AlarmSummary).open);
        }
      },
    });
    return () => {
      stopped = true;
      stop();
    };
  }, []);

  const label = open === null ? t('shell.alarmsCounting') : t('shell.alarmsOpen', { count: open });
  return (
    <>
      {/* The count beside the bell, not over it: two digits and 99+ leave the icon whole. */}
      <Button
        type="text"
        aria-label={label}
        title={label}
        data-open-alarms={open ?? undefined}
        onClick={() => can('alarm.records') && void navigate(TOLD_IN_HEADER)}
        icon={<BellOutlined />}
        style={open ? { paddingInline: 6, gap: 2 } : undefined}
      >
        {!!open && <Badge count={open} size="small" overflowCount={99} />}
      </Button>
      <span role="status" aria-live="polite" style={HIDDEN}>
        {latest}
      </span>
    </>
  );
}
