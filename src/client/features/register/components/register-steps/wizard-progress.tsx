import { REGISTER_STEPS, registerProgress } from '@shared/domain/personality';
import { cn } from '@client/components/ui/cn';
import type { Step } from '../../lib/starting-draft';

export const STEP_TITLES = ['Personal details', 'Your interests', 'Your personality', 'What brings you here'] as const;

/** Where the visitor is: "Step n of 4", a progress bar and the four steps' titles. */
export function WizardProgress({ step }: { step: Step }) {
  const progress = registerProgress(step);
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm font-semibold text-wine-800">
        <span>
          Step {step} of {REGISTER_STEPS}
        </span>
        <span aria-hidden="true">{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`Step ${step} of ${REGISTER_STEPS}: ${STEP_TITLES[step - 1]}`}
        className="h-3 overflow-hidden rounded-full bg-wine-100"
      >
        <div className="h-full rounded-full bg-wine-700 transition-[width] duration-300" style={{ width: `${progress}%` }} />
      </div>
      <ol className="grid grid-cols-4 gap-2 text-xs text-muted" aria-label="Steps">
        {STEP_TITLES.map((title, i) => (
          <li key={title} className={cn('leading-tight', i + 1 === step && 'font-semibold text-wine-900')} aria-current={i + 1 === step ? 'step' : undefined}>
            {title}
          </li>
        ))}
      </ol>
    </div>
  );
}
