import { z } from 'zod';
import { AGE, EMAIL_MAX, NAME_MAX } from '../domain/constants';
import {
  LOOKING_FOR_MAX,
  PERSONALITY_QUESTIONS,
  PERSONALITY_SCALE,
  REGISTER_INTERESTS,
  REGISTER_INTERESTS_MAX,
  REGISTER_INTERESTS_MIN,
  REGISTER_MOTIVATIONS,
  type PersonalityQuestion,
} from '../domain/personality';
import { storedText } from './common';
import { EMAIL_RE, NAME_RE } from './users';

/**
 * The registration wizard (/register, docs/spec/organiser-tools.md §2.18, its rules in §5):
 * step 1 name, e-mail, age 18-100; 3 to 8 interests; all five personality questions 1-5; at least
 * one motivation; the free text optional. One schema for the route, the wizard and the answer.
 */

export const MESSAGES = {
  name: 'Please enter your full name',
  nameChars: 'Name can only contain letters, spaces, hyphens and apostrophes',
  email: 'Please enter your email address',
  emailFormat: 'Please enter a valid email address',
  age: 'Please enter your age',
  ageRange: `Age must be between ${AGE.min} and ${AGE.max}`,
  interestsMin: `Choose at least ${REGISTER_INTERESTS_MIN} interests`,
  interestsMax: `Choose at most ${REGISTER_INTERESTS_MAX} interests`,
  interestOption: 'Choose your interests from the list',
  personality: 'Please answer all five personality questions',
  score: `Answer each question from ${PERSONALITY_SCALE.min} to ${PERSONALITY_SCALE.max}`,
  motivationsMin: 'Choose at least one motivation',
  motivationOption: 'Choose your motivations from the list',
  lookingFor: `Please keep this under ${LOOKING_FOR_MAX} characters`,
  twice: 'Each option can be chosen once',
} as const;

const unique = (list: readonly string[]) => new Set(list).size === list.length;

const nameField = storedText({ error: MESSAGES.name })
  .trim()
  .min(1, MESSAGES.name)
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
  .regex(NAME_RE, MESSAGES.nameChars);

const ageField = z.number({ error: MESSAGES.age }).int('Age must be a whole number').min(AGE.min, MESSAGES.ageRange).max(AGE.max, MESSAGES.ageRange);

export const registerInterests = z
  .array(z.enum(REGISTER_INTERESTS, { error: MESSAGES.interestOption }), { error: MESSAGES.interestsMin })
  .min(REGISTER_INTERESTS_MIN, MESSAGES.interestsMin)
  .max(REGISTER_INTERESTS_MAX, MESSAGES.interestsMax)
  .refine(unique, MESSAGES.twice);

const score = z
  .number({ error: MESSAGES.personality })
  .int(MESSAGES.score)
  .min(PERSONALITY_SCALE.min, MESSAGES.score)
  .max(PERSONALITY_SCALE.max, MESSAGES.score);

export const registerPersonality = z.strictObject(
  Object.fromEntries(PERSONALITY_QUESTIONS.map((q) => [q, score])) as Record<PersonalityQuestion, typeof score>,
  { error: MESSAGES.personality },
);

export const registerMotivations = z
  .array(z.enum(REGISTER_MOTIVATIONS, { error: MESSAGES.motivationOption }), { error: MESSAGES.motivationsMin })
  .min(1, MESSAGES.motivationsMin)
  .max(REGISTER_MOTIVATIONS.length, MESSAGES.twice)
  .refine(unique, MESSAGES.twice);

export const lookingForField = storedText()
  .trim()
  .max(LOOKING_FOR_MAX, MESSAGES.lookingFor)
  .nullable()
  .optional()
  .transform((s) => (s ? s : null));

/**
 * PUT /api/users/{id}/answers: the wizard's answers of a signed-in member. Name and age (step 1)
 * update the profile; the e-mail is the login and is not changed here.
 */
export const registerAnswersBody = z.strictObject({
  name: nameField,
  age: ageField,
  interests: registerInterests,
  personality: registerPersonality,
  motivations: registerMotivations,
  lookingFor: lookingForField,
});
export type RegisterAnswersBody = z.input<typeof registerAnswersBody>;

/* ---------- the wizard's step 1, before sending (the spec's messages) ---------- */

/** Step 1: name, e-mail and age (an empty or non-numeric age is 'Please enter your age'). */
export const registerPersonalForm = z.object({
  name: z.string().trim().min(1, MESSAGES.name).max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`).regex(NAME_RE, MESSAGES.nameChars),
  email: storedText().trim().min(1, MESSAGES.email).max(EMAIL_MAX, MESSAGES.emailFormat).regex(EMAIL_RE, MESSAGES.emailFormat),
  age: z
    .string()
    .trim()
    .min(1, MESSAGES.age)
    .regex(/^\d+$/, MESSAGES.age)
    .transform(Number)
    .pipe(z.number().int().min(AGE.min, MESSAGES.ageRange).max(AGE.max, MESSAGES.ageRange)),
});

/**
 * The whole wizard as its form holds it (the client's resolver): step 1 as typed, then the
 * answers' own rules. Its output, less the e-mail, is the answers' body.
 */
export const registerWizardForm = registerPersonalForm.extend({
  interests: registerInterests,
  personality: registerPersonality,
  motivations: registerMotivations,
  lookingFor: lookingForField,
});
export type RegisterWizardInput = z.input<typeof registerWizardForm>;
export type RegisterWizardValues = z.output<typeof registerWizardForm>;
