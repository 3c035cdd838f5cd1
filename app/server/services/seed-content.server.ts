// Starting blog content: two authors and four posts (three published, one draft), inserted once on first start.

export interface SeedAuthor {
  key: string
  name: string
  email: string
  bio: string
}

export interface SeedPost {
  title: string
  slug: string
  excerpt: string
  content: string
  /** Cover artwork shipped in public/blog, or null for the gradient fallback. */
  imageUrl: string | null
  tags: string[]
  authorKey: string
  published: boolean
  publishedAt: string | null
}

export const seedAuthors: SeedAuthor[] = [
  {
    key: 'nicole',
    name: 'Nicole Arceneaux',
    email: 'nicole.arceneaux@example.com',
    bio: 'Nicole ran operations for family-owned service companies on the Gulf Coast for ten years before founding Bayline AI. She writes about practical ways small businesses can win back time without adding staff.',
  },
  {
    key: 'elena',
    name: 'Elena Vasquez',
    email: 'elena.vasquez@example.com',
    bio: 'Elena leads IT modernization at Bayline AI from San Antonio, helping small offices move off old servers and onto tools that are easier to look after. She believes good IT is the kind you rarely have to think about.',
  },
]

export const seedPosts: SeedPost[] = [
  {
    title: 'What an AI Receptionist Actually Does for a Small Business',
    slug: 'what-an-ai-receptionist-actually-does-for-a-small-business',
    imageUrl: '/blog/front-desk.svg',
    excerpt:
      'No robots at the front desk. Here is what an AI receptionist handles day to day, what it hands back to you, and how to tell if your business is ready for one.',
    tags: ['AI Agents', 'Small Business'],
    authorKey: 'nicole',
    published: true,
    publishedAt: '2026-03-10T14:00:00.000Z',
    content: `If you run a service business, you already know the feeling: the phone rings while your hands are full, and by the time you call back, the customer has booked with someone else. An **AI receptionist** is built for exactly that moment. It is a computer program that answers your phone or text line, holds a normal conversation, and does a few useful jobs for you.

Here is what that looks like in practice, without the sales talk.

## What it handles on its own

Most calls to a small business are about the same handful of things. A well set-up AI receptionist can take care of them at any hour:

- **Answering common questions** such as hours, prices, service areas and directions
- **Booking, moving and cancelling appointments** straight into the calendar you already use
- **Taking messages** and sending them to you by text or email, with the caller's name and number
- **Sorting urgent calls** so a burst pipe or a no-heat call reaches the on-call person right away
- **Sending confirmations and reminders** so fewer people forget their appointment

It does this in plain conversation. The caller speaks normally, and the assistant replies in a natural voice. It does not need the caller to press 1 for this or 2 for that.

## What it hands back to you

A good setup knows its limits. It should pass the call or the message to a person when:

1. The caller asks for something outside the list you agreed on, like a custom quote or a complaint.
2. The caller is upset or confused and would be better served by a human.
3. The call involves money, medical details or anything you have marked as sensitive.

You decide where those lines are. Some owners want every new customer to speak with them first. Others are happy to let the assistant book everything and send a daily summary.

## What changes for the business

The biggest change is simple: **calls stop going to voicemail.** For one HVAC client on the Gulf Coast, missed calls in peak season went from about 45 a week to 3. For a barber shop, the barbers stopped answering the phone in the middle of a haircut. You can read more stories like these on our [case studies page](/case-studies).

The second change is time. Your front desk, or you, spend fewer hours on the phone repeating the same answers. That time usually goes back into the customers standing in front of you.

## Is your business a good fit?

An AI receptionist tends to pay off when:

- You miss calls during busy hours or after closing
- Most calls are about booking or the same few questions
- You already use an online calendar or scheduling software
- Losing one customer costs you real money, like a repair job or a monthly membership

It is a poorer fit if every call needs a long, custom conversation, or if you get only a few calls a week.

## How to get started

Start small. Pick one job, such as after-hours booking, and let the assistant handle only that for a month. Listen to some of the recorded calls, adjust the answers, and then decide whether to give it more to do.

If you have questions about privacy, call recording or what happens when the assistant gets stuck, our [FAQ](/resources/faq) covers the common ones. Or [get in touch](/contact) and we will walk through your calls with you and tell you honestly whether it makes sense for your business.
`,
  },
  {
    title: 'Five Tasks Every Service Business Can Automate This Quarter',
    slug: 'five-tasks-every-service-business-can-automate-this-quarter',
    imageUrl: '/blog/lead-follow-up.svg',
    excerpt:
      'You do not need a big software project to save real hours. These five everyday jobs can be handed to simple automations in a few weeks.',
    tags: ['Automation', 'Small Business'],
    authorKey: 'nicole',
    published: true,
    publishedAt: '2026-06-02T14:00:00.000Z',
    content: `When owners hear the word automation, many picture an expensive project that takes a year. Most of the time it is much smaller than that. An **automation** is just a set of steps your computer runs on its own when something happens, like a new booking or a finished job.

Below are five jobs we see in almost every service business, from lawn care to dog grooming. Each can usually be set up in a few weeks with the tools you already pay for.

## 1. Appointment reminders

No-shows are expensive. A text the day before, with an easy way to confirm or reschedule, cuts them noticeably. Most scheduling software can do this already; it just has not been switched on or worded well.

**What you save:** fewer empty slots, and fewer calls asking what time the appointment is.

## 2. Following up on new leads

Someone fills out your website form at 9 p.m. If they hear from you the next afternoon, they have probably called two other companies. An automatic reply within minutes, with a link to book, keeps you first in line.

**What you save:** leads that used to slip away, plus the time spent chasing them later.

## 3. Turning finished jobs into invoices

If your crew marks a job done in one app and someone retypes it into your accounting software, that is a perfect candidate. Connecting the two means the invoice goes out the same day, with fewer mistakes.

**What you save:** often several hours of admin a week, and payments that arrive sooner.

## 4. Asking for reviews

Happy customers rarely leave a review unless you ask. A short, friendly text a few days after the job, with a direct link, does the asking for you every time.

**What you save:** the awkward moment of asking in person, and the habit of forgetting to ask at all.

## 5. Bringing back regular customers

Many businesses run on repeat visits: haircuts, tune-ups, grooming, training sessions. A gentle nudge when someone is overdue ("It has been about six weeks since your last cut, want to grab a spot?") brings a steady share of them back.

**What you save:** the cost of finding a new customer to replace one who simply forgot.

## How to pick where to start

You do not need to do all five at once. A simple way to choose:

1. Write down the tasks you or your staff repeat every week.
2. Next to each, guess how many hours it takes and what goes wrong when it is missed.
3. Pick the one with the most hours or the most costly mistakes.
4. Automate that one, watch it for a month, then move to the next.

A few things to keep in mind along the way:

- **Keep your own voice.** Automatic messages should sound like your business, not like a bank.
- **Make it easy to reach a person.** Every message should have a way to reply or call.
- **Check the results.** Look at the numbers after a month. If something is not helping, change it or turn it off.

## The quiet payoff

None of these is dramatic on its own. Together, they often add up to a full working day each week that you get back. One lawn care client went from sending quotes two or three days late to sending them the same day, and saved about six hours of paperwork a week in the process.

If you would like help picking your first one, [book a short call](/contact) and bring your list. For more ideas, see our [free AI playbook](/resources/ai-playbook).
`,
  },
  {
    title: 'Moving Off an Old Office Server: A Plain-English Checklist',
    slug: 'moving-off-an-old-office-server-a-plain-english-checklist',
    imageUrl: '/blog/server-to-cloud.svg',
    excerpt:
      'That humming box in the closet holds more of your business than you think. Here is a step-by-step checklist for moving off it safely.',
    tags: ['IT Modernization', 'Cloud', 'Small Business'],
    authorKey: 'elena',
    published: true,
    publishedAt: '2026-09-15T14:00:00.000Z',
    content: `Plenty of small offices still have a server in a closet: a computer that stores shared files, runs an old accounting program, or handles email. It probably worked well for years. But as it ages, it gets slower, harder to repair, and riskier to rely on. A storm, a power surge or a failed hard drive can take your files with it.

Moving to **the cloud**, which simply means storing your files and programs on well-kept computers run by a large provider and reaching them over the internet, removes most of that risk. Here is how to do it without losing a weekend or a file.

## Step 1: Find out what the server actually does

This is the step people skip, and it is where most surprises come from. Walk through the office and ask everyone what they open from the shared drive. Then write it all down:

- Shared folders and who uses them
- Programs installed on the server, like accounting or practice software
- Printers, scanners and copiers that save to it
- Any email, backups or user logins it handles
- Old folders nobody has opened in years

> If you are not sure whether something lives on the server, assume it does until you have checked.

## Step 2: Decide where each piece will go

Not everything moves to the same place. A simple table helps:

| What is on the server | Where it usually goes | Things to check |
| --- | --- | --- |
| Shared documents | A cloud file service | Folder permissions, file name limits |
| Accounting software | The vendor's online version | Which years of history come across |
| Email | A hosted email service | Shared mailboxes and forwarding |
| Scanned files | The cloud file service | Scanner settings on each device |

If a program has no online version, it may be able to run on a small cloud computer instead. That is worth a conversation before you commit.

## Step 3: Clean up before you move

Moving junk costs time and money. Archive or delete old folders, remove duplicate copies, and close accounts for people who have left. This is also a good time to decide **who should see what**, since the move is the easiest moment to fix permissions.

## Step 4: Plan the move itself

Follow these steps in order:

1. Take a full backup of the server and confirm you can open files from it.
2. Set up the new cloud accounts and folders.
3. Copy files over during a quiet period, such as a Friday evening.
4. Test with two or three staff members before everyone switches.
5. Point printers, scanners and shortcuts to the new locations.
6. Keep the old server switched on but read-only for a few weeks, just in case.

## Step 5: Set up backups and sign-in protection

The cloud is safer than a closet, but it is not a reason to stop backing up. Turn on a separate backup for your cloud files, and switch on **two-step sign-in**, where your phone confirms it is really you, for every account. Those two changes protect against the most common problems we see.

## Step 6: Retire the old machine properly

Once everyone has worked from the new setup for a few weeks with no issues, wipe the server's drives securely and recycle it through a proper electronics recycler. Do not just leave it in the closet.

## What to expect

For a typical office of five to twenty people, the whole process takes a few weeks from first inventory to retiring the server, with only an evening or two of actual downtime. The payoff is files you can reach from anywhere, backups you do not have to think about, and one less machine to worry about during storm season.

If you want a second pair of eyes on your list, [reach out to our team](/contact). Our [FAQ](/resources/faq) also answers common questions about cost and timing.
`,
  },
  {
    title: 'How to Measure Whether an AI Tool Is Paying for Itself',
    slug: 'how-to-measure-whether-an-ai-tool-is-paying-for-itself',
    imageUrl: null,
    excerpt:
      'A simple way to check whether an AI tool is earning its monthly fee, using numbers you already have, with no spreadsheet wizardry needed.',
    tags: ['AI Agents', 'Small Business'],
    authorKey: 'nicole',
    published: false,
    publishedAt: null,
    content: `Every new tool comes with a monthly bill. The honest question for any owner is: **is this thing making or saving more than it costs?** With AI tools, the answer is often yes, but you should be able to see it in your own numbers rather than take anyone's word for it, including ours.

Here is a simple way to check.

## Write down your starting point

Before you switch anything on, spend one or two weeks counting the things the tool is supposed to improve. Keep it simple:

- How many calls went unanswered or to voicemail each week
- How many new leads came in, and how long it took to reply
- How many hours you or your staff spent on the task the tool will take over
- How many appointments were no-shows or last-minute cancellations

Most phone systems, booking apps and CRMs, meaning the software you use to keep track of customers, already record these numbers. If yours does not, a tally on paper for two weeks is enough.

## Put a dollar value on each number

Numbers only matter when you tie them to money. Ask yourself two questions:

1. **What is a typical new customer worth to you?** For an HVAC company it might be a single repair; for a barber shop it might be a year of haircuts.
2. **What is an hour of your staff's time worth?** Use their hourly pay plus a bit for taxes and benefits.

You do not need exact figures. A reasonable estimate you believe is better than a precise one you do not.

## Compare after 60 to 90 days

Give the tool time to settle in, then count the same things again. For example, a small shop might find:

- Missed calls went from about 20 a week to 5, and a few of those extra answered calls became paying jobs
- About 11 hours of admin a month moved off the front desk
- Repeat bookings rose by around 10%

Multiply the extra customers by what each is worth, and the saved hours by your hourly cost. Add them together and compare the total with what the tool costs each month, including any setup fee spread over the first year.

## Look at what the numbers miss

Not everything fits neatly in a calculation. Pay attention to:

- Whether your staff feel less rushed
- Whether customers mention faster replies
- Whether you are spending your evenings on paperwork less often

These matter, but they should be the tiebreaker, not the main reason to keep a tool.

## When to change course

If, after three months, the numbers are flat, do not just keep paying. Ask whether the tool is set up to handle the right tasks, whether customers are actually using it, and whether a smaller plan would do. Sometimes a few adjustments make all the difference. Sometimes the honest answer is that it is not a fit, and that is fine too.

If you would like help setting up your before-and-after numbers, [talk to us](/contact). We are happy to help you measure, even if the answer is to turn something off.
`,
  },
]
