import type { WorksheetKey } from '~/lib/roi'
import { playbook } from './playbook'

// The words of the downloadable PDF "The Small Business AI Playbook", promised on /resources/ai-playbook.
// The PDF is drawn with the built-in Helvetica, which only has the Windows-1252 characters: keep to
// plain punctuation here (no arrows, approximately-equals signs or check marks). A \u00a0 (no-break
// space) keeps a time such as 5 p.m. from splitting across two lines.

export interface GuideTerm {
  term: string
  meaning: string
}

export interface GuideStep {
  number: number
  title: string
  /** Two or three words for the overview strip at the start of Part 1. */
  short: string
  lead: string
}

/** One question of the Step 2 score card, with what a 1, a 2 and a 3 mean. */
export interface ScoreCriterion {
  name: string
  question: string
  scale: [string, string, string]
}

export interface PilotWeek {
  label: string
  title: string
  tasks: string[]
}

export interface PilotOutcome {
  label: string
  when: string
  next: string
}

/** A number the reader writes on the ROI worksheet, with the value the worked example uses. */
export interface RoiInput {
  key: WorksheetKey
  label: string
  hint: string
  unit: 'calls' | 'percent' | 'dollars' | 'hours'
  example: number
}

export interface RoiLine {
  number: number
  label: string
  formula: string
  unit: 'jobs' | 'dollars' | 'hours'
}

const steps: GuideStep[] = [
  {
    number: 1,
    title: 'List the jobs you repeat every week',
    short: 'List your jobs',
    lead: 'For one ordinary week, write down every task that you or your staff do over and over. Do not judge them yet; just get them on paper.',
  },
  {
    number: 2,
    title: 'Score each job',
    short: 'Score them',
    lead: 'Give every job on your list a score from 1 to 3 on the five questions below, then add them up. The highest totals are your best first projects.',
  },
  {
    number: 3,
    title: 'Pick one job and write down what ‘working’ means',
    short: 'Pick one',
    lead: 'Choose the top scorer and leave the rest on the list for later. One job done well beats three done halfway.',
  },
  {
    number: 4,
    title: 'Run a 30-day pilot',
    short: 'Run a pilot',
    lead: 'A pilot is a short trial with a clear finish line. Keep it narrow: one job, one channel, and a set time of day if you can. You want a clear answer, not a perfect system.',
  },
  {
    number: 5,
    title: 'Measure what changed',
    short: 'Measure',
    lead: 'Compare the last week of the pilot with the starting numbers you wrote down in Step 3. Count things; do not go on impressions.',
  },
  {
    number: 6,
    title: 'Decide: keep, fix or stop',
    short: 'Decide',
    lead: 'Hold the results up against the goal you set in Step 3. There are only three sensible answers, and each one is useful.',
  },
]

export const playbookGuide = {
  title: playbook.title,
  subtitle: playbook.subtitle,

  /** Words the layout repeats on many pages. */
  labels: { step: 'Step', page: 'Page', of: 'of', preparedBy: 'Prepared by' },

  cover: {
    eyebrow: 'A free guide for small-business owners',
    insideTitle: 'Inside',
    inside: [
      'Six steps to pick your first AI project and get it running',
      'An ROI worksheet to put a number on the hours and money it could win back',
      'Short case studies of first projects at small businesses like yours',
      'An invitation to a free 30-minute AI readiness consultation',
    ],
  },

  welcome: {
    eyebrow: 'Before you start',
    title: 'Start with one job, not a strategy',
    paragraphs: [
      'Most owners we meet do not need an AI strategy. They need the phone answered at 7\u00a0p.m., quotes sent the same day, and fewer evenings lost to paperwork. This playbook helps you find the one job in your business where a computer can take over the repetitive part, and work out what that is worth before you spend anything.',
      'It is written for people who run service businesses: HVAC and plumbing companies, real estate teams, pet care, clinics, accounting offices, salons and shops. You will not need any technical background, only a pen, a rough idea of your week, and about an hour.',
    ],
    howToTitle: 'How to use it',
    howTo: [
      'Work through Part 1 with a pen. Steps 1 to 3 have space to write and take about 30 minutes.',
      'Fill in the ROI worksheet in Part 2 for the job you picked. Rough numbers are fine.',
      'Read the case studies in Part 3 to see what a finished project looks like.',
      'If you want a second opinion, bring your pages to a free 30-minute consultation.',
    ],
    termsTitle: 'A few words in plain English',
    terms: [
      {
        term: 'AI assistant',
        meaning:
          'A program that understands everyday language and replies to it, like a new hire who does one job and never gets tired of it.',
      },
      { term: 'AI receptionist', meaning: 'An AI assistant that answers your phone or text line, books appointments and takes messages.' },
      {
        term: 'Automation',
        meaning:
          'A set of steps the computer runs on its own when something happens, such as sending an invoice when a job is marked done.',
      },
      { term: 'Integration', meaning: 'A connection that lets two of your programs share information, so nobody types it twice.' },
      { term: 'Pilot', meaning: 'A short, limited trial with a finish line, so you can judge the results before you commit.' },
    ] satisfies GuideTerm[],
    contentsTitle: 'Contents',
  },

  partOne: {
    eyebrow: 'Part 1',
    title: 'Pick your first AI project and get it running',
    intro:
      'Six steps, in order. The first three take an afternoon. The last three take a month, and for most of that month the new tool simply does its job while you watch the numbers.',
    steps,
  },

  listJobs: {
    whereToLookTitle: 'Where to look',
    whereToLook: [
      'The phone: calls that go to voicemail, and calls that are always the same question.',
      'Your inbox and website form: new leads that wait hours for a reply.',
      'Copy and paste: anything that gets typed into two different programs.',
      'After hours: what happens to a customer who calls at 8\u00a0p.m. on a Friday.',
      'Follow-ups: reminders, review requests, quotes and unpaid invoices.',
    ],
    advice:
      'Good first projects are usually small and dull. Ask whoever answers your phone or books your jobs as well; they know where the hours go better than anyone.',
    tableTitle: 'Your list',
    columns: ['The job', 'Who does it', 'Hours a week', 'What it costs when it is missed'],
    blankRows: 6,
  },

  scoreJobs: {
    criteria: [
      { name: 'Time', question: 'How many hours a week does it take?', scale: ['Under 2 hours', '2 to 5 hours', 'More than 5 hours'] },
      {
        name: 'Sameness',
        question: 'Is it done the same way most of the time?',
        scale: ['Different every time', 'Mostly the same', 'Nearly always the same'],
      },
      {
        name: 'Cost of a miss',
        question: 'What happens when it is missed or late?',
        scale: ['Very little', 'An unhappy customer', 'Lost jobs or money'],
      },
      {
        name: 'Safety',
        question: 'If the computer gets it wrong, how bad is that?',
        scale: ['Serious: money, health or legal', 'Awkward but fixable', 'Easy to spot and fix'],
      },
      {
        name: 'Readiness',
        question: 'Do you already have the tools and information?',
        scale: ['It is all in our heads', 'Partly written down', 'Calendar, price list or software in place'],
      },
    ] satisfies ScoreCriterion[],
    scaleLabels: ['1 point', '2 points', '3 points'],
    questionLabel: 'Question',
    gridTitle: 'Your score card',
    gridJobLabel: 'Job',
    gridTotalLabel: 'Total',
    gridBlankRows: 6,
    tip: 'A tie? Pick the job whose results are easiest to count: calls answered, replies sent, hours spent. You will need that number in Step 5.',
  },

  pickOne: {
    prompts: [
      { label: 'Our first project', example: 'Answer after-hours calls and book routine service visits.' },
      {
        label: 'It is working if, after 30 days',
        example: 'Fewer than 5 calls a week go to voicemail and at least 8 after-hours jobs are booked.',
      },
      { label: 'The person in charge', example: 'Maria, our office manager, reads the call log every morning.' },
      { label: 'What it will never do', example: 'Quote new installs or talk about gas smells; those go straight to a person.' },
      { label: 'Our starting numbers', example: "22 missed calls last week; 9 hours of Maria's week on the phone." },
    ],
    exampleLabel: 'For example:',
  },

  pilot: {
    weeks: [
      {
        label: 'Week 1',
        title: 'Set up and test',
        tasks: [
          'Write down the answers to your 20 most common questions',
          'Connect the calendar or software it needs',
          'Have your staff call it and try to trip it up',
        ],
      },
      {
        label: 'Week 2',
        title: 'Go live on a slice',
        tasks: [
          'Switch it on for one part of the job, such as after-hours calls only',
          'Tell your team what it handles and how it hands over',
          'Read every conversation the next morning',
        ],
      },
      {
        label: 'Week 3',
        title: 'Adjust',
        tasks: ['Fix wrong or clumsy answers', 'Tighten the rules for handing over to a person', 'Widen the slice if things look good'],
      },
      {
        label: 'Week 4',
        title: 'Measure',
        tasks: [
          'Count the same things you counted in Step 3',
          'Ask your staff and a few customers how it went',
          'Fill in the table in Step 5',
        ],
      },
    ] satisfies PilotWeek[],
    tip: 'Tell customers they are talking to an assistant, and give them an easy way to reach a person. People mind being fooled far more than they mind being helped by a computer.',
  },

  measure: {
    columns: ['What to count', 'Before (Step 3)', 'After (week 4)'],
    rows: [
      'Calls or messages missed per week',
      'Average time to the first reply',
      'Jobs or appointments booked per week',
      'Staff hours spent on this job per week',
      'Complaints or mistakes',
    ],
    note: 'Ask the people closest to the work as well. If your front desk says it makes more work than it saves, take that seriously, even when the numbers look good.',
  },

  decide: {
    outcomes: [
      {
        label: 'Keep and grow',
        when: 'It met the goal you set in Step 3.',
        next: 'Widen it to the whole job, then go back to your score card and pick the next project.',
      },
      {
        label: 'Fix and rerun',
        when: 'It helped but fell short, or your staff found rough edges.',
        next: 'Fix the two biggest problems and run two more weeks. Add nothing new yet.',
      },
      {
        label: 'Stop',
        when: 'The numbers did not move, or customers disliked it.',
        next: 'Switch it off and try the second job on your list. A clear no after a month is a cheap lesson.',
      },
    ] satisfies PilotOutcome[],
    whenLabel: 'When',
    nextLabel: 'Then',
    mistakesTitle: 'Five mistakes we see often',
    mistakes: [
      'Starting with the most painful job instead of one that is easy to measure.',
      'Switching it on for everything on the first day.',
      'Skipping the starting numbers, so nobody can tell whether it worked.',
      'Leaving nobody in charge of checking on it.',
      'Hiding that it is an assistant instead of offering a way to reach a person.',
    ],
  },

  worksheet: {
    eyebrow: 'Part 2',
    title: 'ROI worksheet',
    subtitle: 'What could your first project be worth?',
    intro:
      'ROI, short for return on investment, is what a project gives back compared with what it costs. For most first projects the return comes from two places: jobs you stop losing, and hours you get back. You need seven numbers, and your best guess is good enough.',
    inputsTitle: 'The seven numbers',
    inputs: [
      { key: 'A', label: 'Calls missed per week', hint: 'Voicemails and messages not answered that day', unit: 'calls', example: 10 },
      {
        key: 'B',
        label: 'Share of missed callers who would book',
        hint: 'Of every 10 missed callers, how many would book?',
        unit: 'percent',
        example: 30,
      },
      { key: 'C', label: 'Average job value', hint: 'What a typical booked job or visit brings in', unit: 'dollars', example: 250 },
      {
        key: 'D',
        label: 'Hours of admin per week on this job',
        hint: 'Returning calls, booking, retyping, chasing',
        unit: 'hours',
        example: 10,
      },
      { key: 'E', label: 'Share of those hours a tool could handle', hint: 'If you are unsure, write 50%', unit: 'percent', example: 50 },
      { key: 'F', label: 'What an hour of that time costs you', hint: 'Wage plus payroll costs', unit: 'dollars', example: 25 },
      { key: 'G', label: 'Monthly cost of the tool or service', hint: 'From the quote you were given', unit: 'dollars', example: 400 },
    ] satisfies RoiInput[],
    linesTitle: 'Now work it out',
    lines: [
      { number: 1, label: 'Jobs won back per month', formula: 'A × B × 4.33', unit: 'jobs' },
      { number: 2, label: 'Money recovered per month', formula: 'Line 1 × C', unit: 'dollars' },
      { number: 3, label: 'Hours recovered per month', formula: 'D × E × 4.33', unit: 'hours' },
      { number: 4, label: 'Value of those hours', formula: 'Line 3 × F', unit: 'dollars' },
      { number: 5, label: 'Net gain per month', formula: 'Line 2 + Line 4 – G', unit: 'dollars' },
    ] satisfies RoiLine[],
    weeksNote: '4.33 is 52 weeks divided by 12 months. Write percentages as decimals: 30% is 0.3.',
    exampleTitle: 'A worked example',
    exampleStory:
      'A two-van plumbing company misses about 10 calls a week, mostly while the owner is under a sink or after 5\u00a0p.m. From experience, about 3 in 10 of those callers would have booked, and the average job is $250. The office manager spends about 10 hours a week returning calls and booking, and the owner reckons an AI receptionist could take half of that. Her time costs about $25 an hour, and the quote for the service is $400 a month.',
    exampleVerdict:
      'Even if only half of those jobs really came back, the project would still pay for itself several times over. That is the kind of margin worth looking for.',
    cautionsTitle: 'Keep it honest',
    cautions: [
      'When you are unsure of a number, use the lower guess.',
      'Not every missed caller is a lost job; that is what B is for.',
      'If line 5 is small or below zero, that is a useful answer too: try the next job on your list.',
    ],
    fillTitle: 'Your numbers',
    fillIntro:
      'Write your numbers in the boxes. The example column repeats the plumbing company, so you can check your sums against it. Use the second column to compare another job from your score card.',
    fillColumns: ['', 'Example', 'Your first job', 'Another job'],
    fillInputsLabel: 'What you know',
    fillLinesLabel: 'What it is worth',
    fillGoalPrompt: 'Compared with the goal you wrote in Step 3, is this worth a 30-day pilot?',
  },

  caseStudiesPart: {
    eyebrow: 'Part 3',
    title: 'Case studies',
    intro: 'Small businesses and their first projects, as told on our site. Each one started with a single job from a list like yours.',
    problemLabel: 'The problem',
    builtLabel: 'What we built',
    resultLabel: 'The result',
    storyLabel: 'The whole story:',
    commonTitle: 'What they have in common',
    common: [
      'Each began with one repetitive job, not a new system for the whole business.',
      'Each handed the hard, sensitive or unusual cases to a person.',
      'Each was judged against numbers written down before it started.',
    ],
    note: 'These stories describe typical projects of this kind, with figures rounded. Your own numbers will differ; the worksheet in Part 2 is the way to estimate them.',
  },

  closing: {
    eyebrow: 'Your next step',
    title: 'Talk it through in a free 30-minute AI readiness consultation',
    lead: 'You now have a list, a score card and a rough number. In half an hour on a call, we will go over them with you and tell you plainly what we would do, including when the honest answer is to wait.',
    coverTitle: 'What we will cover',
    cover: [
      'Your worksheet numbers, checked against what we see in businesses like yours',
      'The one or two jobs we would start with, and why',
      'Which of the tools you already use it can connect to',
      'A rough cost and timeline for a 30-day pilot',
    ],
    bringTitle: 'What to bring',
    bring: [
      'Your list and score card from Steps 1 and 2',
      'Your ROI worksheet, even if it is only half filled in',
      'The names of the software you use for scheduling, invoicing and customer records',
    ],
    promise: 'It is free and there is no obligation. If AI is not the right fit for your business yet, we will say so.',
    howTitle: 'How it works',
    how: [
      { title: 'Pick a time', text: 'Choose a slot online or send us a note. A real person replies within one business day.' },
      { title: 'Talk for 30 minutes', text: 'By phone or video, with the pages of this playbook in front of you.' },
      { title: 'Get a straight answer', text: 'A clear next step: a pilot with us, a tool you can set up yourself, or waiting a while.' },
    ],
    contactTitle: 'Book your consultation',
    bookLabel: 'Book online',
    emailLabel: 'Email',
    phoneLabel: 'Phone',
    signOff: 'We look forward to hearing about your business.',
    signature: 'The team at',
  },
}

export type PlaybookGuide = typeof playbookGuide
