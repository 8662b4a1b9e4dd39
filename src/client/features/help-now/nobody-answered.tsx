import { Link } from 'react-router';
import { Bot, CalendarClock, ExternalLink, MapPin } from 'lucide-react';
import { NOT_SURE, TOW_SERVICES } from '@common/help-now';
import { SPECIALTY_VALUES, type Specialty } from '@common/specialties';
import { distanceLabel } from '@common/travel-area';
import { useNearbyExperts } from '../ai-handoff';

const linkClass = 'inline-flex items-center gap-1.5 font-medium text-navy-700 underline underline-offset-2 hover:text-navy-900';

const specialtyOf = (value: string): Specialty | undefined => (value !== NOT_SURE && (SPECIALTY_VALUES as readonly string[]).includes(value) ? (value as Specialty) : undefined);

function withParams(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The nearest experts who come to the boat, by the ZIP code; with only a position, the onsite directory. */
function NearestOnsite({ zipCode, specialty }: { zipCode: string | null; specialty?: Specialty }) {
  const nearby = useNearbyExperts({ serviceType: 'onsite', zip: zipCode ?? '', limit: 3, specialty }, zipCode !== null);
  const directory = (
    <Link to={withParams('/onsite-request', { location: zipCode ?? undefined, specialty })} className={linkClass}>
      <MapPin aria-hidden className="size-4" /> Find an expert who comes to the boat
    </Link>
  );
  if (!zipCode || !nearby.data?.length) return directory;
  return (
    <div className="flex flex-col gap-1.5">
      <p className="font-medium text-slate-900">The nearest experts who come to the boat</p>
      <ul className="flex flex-col gap-1">
        {nearby.data.map((expert) => (
          <li key={expert.id} className="flex flex-wrap items-center gap-x-1.5">
            <Link to={`/expert/${expert.id}`} className={linkClass}>
              <MapPin aria-hidden className="size-4" /> {expert.name}
            </Link>
            {expert.distanceMiles !== null ? <span className="text-slate-600">{distanceLabel(expert.distanceMiles)}</span> : null}
          </li>
        ))}
      </ul>
      {directory}
    </div>
  );
}

/** What else there is, in this order: the earliest video time, onsite experts nearby, the assistant, the tow services. */
function Alternatives({ question, specialty, zipCode }: { question: string; specialty: string; zipCode: string | null }) {
  const chosen = specialtyOf(specialty);
  return (
    <ol className="flex flex-col gap-4 text-sm">
      <li>
        <Link to={withParams('/video-consultation', { available: 'true', specialty: chosen })} className={linkClass}>
          <CalendarClock aria-hidden className="size-4" /> Book the earliest video consultation
        </Link>
      </li>
      <li>
        <NearestOnsite zipCode={zipCode} specialty={chosen} />
      </li>
      <li>
        <Link to={withParams('/ai-assistant', { question: question.trim() || undefined })} className={linkClass}>
          <Bot aria-hidden className="size-4" /> Ask the AI assistant, your question filled in
        </Link>
      </li>
      <li className="flex flex-col gap-1.5">
        <p className="font-medium text-slate-900">For a tow or a jump start, the tow services (we send none ourselves)</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {TOW_SERVICES.map((service) => (
            <li key={service.url}>
              <a href={service.url} target="_blank" rel="noopener" className={linkClass}>
                <ExternalLink aria-hidden className="size-4" /> {service.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </li>
    </ol>
  );
}

/** Before sending: nobody is on call now, said plainly, with the other ways to get help. */
export function NobodyOnCall({ question, specialty, zipCode }: { question: string; specialty: string; zipCode: string | null }) {
  return (
    <section aria-labelledby="nobody-on-call" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="nobody-on-call" className="text-base font-semibold text-slate-900">
        No expert is on call right now
      </h2>
      <p className="text-sm text-slate-700">A request would ring nobody. These can still help:</p>
      <Alternatives question={question} specialty={specialty} zipCode={zipCode} />
    </section>
  );
}

/** After the request expired or was cancelled: nobody answered, said plainly, with the other ways to get help. */
export function NobodyAnswered({
  question,
  specialty,
  zipCode,
  cancelled,
  onAskAgain,
}: {
  question: string;
  specialty: string;
  zipCode: string | null;
  cancelled: boolean;
  onAskAgain: () => void;
}) {
  return (
    <section aria-labelledby="nobody-answered" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="nobody-answered" className="text-lg font-semibold text-slate-900">
        {cancelled ? 'Request cancelled' : 'Nobody answered'}
      </h2>
      <p className="text-sm text-slate-700">
        {cancelled ? 'Nothing is charged.' : 'No expert on call took your request in 5 minutes. Nothing is charged.'}
      </p>
      <p className="text-sm text-slate-700">These can still help, soonest first:</p>
      <Alternatives question={question} specialty={specialty} zipCode={zipCode} />
      <button type="button" onClick={onAskAgain} className="self-start text-sm font-medium text-navy-700 underline underline-offset-2">
        Ask again
      </button>
    </section>
  );
}
