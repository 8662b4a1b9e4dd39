/** The workspace's bookings: requests to answer, upcoming and past. */
export function BookingsPanel() {
  return <p className="text-slate-600">Your bookings will appear here.</p>;
}
