import { Award, BookOpen, Wrench } from 'lucide-react';
import type { Expert } from '@common/experts';
import { specialtyLabel } from '@common/specialties';
import { SectionCard } from '../../components/ui/section-card';
import { specialtyDescription } from './specialty-descriptions';
import { experienceLevel } from './experience-level';

/** About (the expert's own bio), Specialization and Experience Level. */
export function ProfileAbout({ expert }: { expert: Expert }) {
  const description = specialtyDescription(expert.specialty);
  return (
    <>
      <SectionCard title="About" icon={BookOpen}>
        <p className="leading-relaxed whitespace-pre-line">{expert.bio}</p>
      </SectionCard>
      <div className="grid gap-6 sm:grid-cols-2">
        <SectionCard title="Specialization" icon={Wrench}>
          <p className="font-semibold text-slate-900">{specialtyLabel(expert.specialty)}</p>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </SectionCard>
        <SectionCard title="Experience Level" icon={Award}>
          <p className="font-semibold text-slate-900">{experienceLevel(expert.experience)}</p>
          <p className="mt-1 text-sm text-slate-600">
            {expert.experience} {expert.experience === 1 ? 'year' : 'years'} of professional marine work
          </p>
        </SectionCard>
      </div>
    </>
  );
}
