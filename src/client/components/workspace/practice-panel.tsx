/** The workspace's practice settings: hours, days off, rates, services, profile and photo. */
export function PracticePanel() {
  return <p className="text-slate-600">Your practice settings will appear here.</p>;
}
