import { CalendarClock, CalendarOff, CalendarSync, Camera, SlidersHorizontal } from 'lucide-react';
import type { WorkspaceProfile } from '@common/workspace';
import { localDateOf } from '@common/zoned-time';
import { SectionCard } from '../../components/ui/section-card';
import { ExternalCalendarsCard } from '../external-calendars';
import { OnCallCard } from '../help-now';
import { DaysOffCard } from './days-off-card';
import { PracticeForm } from './practice-form';
import { ProfilePhotoCard } from './profile-photo-card';
import { WeekEditor } from './week-editor';

/** The workspace's practice settings: hours, outside calendars, days off, rates, services, profile and photo. */
export function PracticePanel({ profile }: { profile: WorkspaceProfile }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <SectionCard title="Weekly working hours" icon={CalendarClock}>
          <WeekEditor />
        </SectionCard>
        <OnCallCard />
        <SectionCard title="Your calendars" icon={CalendarSync}>
          <ExternalCalendarsCard />
        </SectionCard>
        <SectionCard title="Rates and services" icon={SlidersHorizontal}>
          <PracticeForm profile={profile} />
        </SectionCard>
      </div>
      <div className="flex flex-col gap-6">
        <SectionCard title="Profile photo" icon={Camera}>
          <ProfilePhotoCard profile={profile} />
        </SectionCard>
        <SectionCard title="Days off" icon={CalendarOff}>
          <DaysOffCard today={localDateOf(new Date(), profile.timeZone)} />
        </SectionCard>
      </div>
    </div>
  );
}
