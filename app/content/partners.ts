import type { Partner } from './types'

export const partnersIntro =
  'We collaborate with trusted technology providers so your phones, automations and cloud systems run on tools that are proven, supported and fairly priced.'

// The tools we build with, grouped by the kind of work. Marks are neutral monogram tiles, not the companies' logos.
export const partners: Partner[] = [
  {
    name: 'Zapier for Companies',
    category: 'AI Automations',
    description:
      'We use Zapier to connect the apps you already pay for, so a new form entry or booking flows into your CRM, calendar and inbox without retyping.',
    logo: '/partners/zapier.svg',
  },
  {
    name: 'Make (Integromat)',
    category: 'AI Automations',
    description:
      'We use Make for multi-step workflows with branches and conditions, like sorting incoming requests and sending each one to the right person. Its visual builder makes the flow easy for your team to follow.',
    logo: '/partners/make.svg',
  },
  {
    name: 'n8n.io',
    category: 'AI Automations',
    description:
      'We use n8n when a workflow needs custom logic or should run on infrastructure you control. It keeps costs predictable as your volume grows.',
    logo: '/partners/n8n.svg',
  },
  {
    name: 'ActiveCampaign',
    category: 'AI Automations',
    description:
      'We use ActiveCampaign to send follow-up emails and texts that match what each customer did, from a first inquiry to a repeat booking.',
    logo: '/partners/activecampaign.svg',
  },
  {
    name: 'HighLevel',
    category: 'AI Automations',
    description:
      'We use HighLevel to give you one place for leads, pipelines, reminders and reviews. It suits service businesses that want their marketing and follow-up in a single dashboard.',
    logo: '/partners/highlevel.svg',
  },
  {
    name: 'Twilio',
    category: 'AI Agents',
    description: 'We use Twilio to give your AI receptionist a real phone number, route calls and send text confirmations.',
    logo: '/partners/twilio.svg',
  },
  {
    name: 'AssemblyAI',
    category: 'AI Agents',
    description:
      'We use AssemblyAI to turn calls and voicemails into accurate transcripts and summaries, so nothing a customer says gets lost.',
    logo: '/partners/assemblyai.svg',
  },
  {
    name: 'Dialogflow',
    category: 'AI Agents',
    description:
      'We use Dialogflow to build assistants that understand what callers and chatters are asking for and guide them to an answer or a booking.',
    logo: '/partners/dialogflow.svg',
  },
  {
    name: 'Voiceflow',
    category: 'AI Agents',
    description:
      'We use Voiceflow to design and test conversations before they go live. It lets you review exactly what your assistant will say.',
    logo: '/partners/voiceflow.svg',
  },
  {
    name: 'Tidio',
    category: 'AI Agents',
    description:
      'We use Tidio to add a chat assistant to your website that answers common questions after hours and hands tricky ones to your staff.',
    logo: '/partners/tidio.svg',
  },
  {
    name: 'AWS Partner Network (APN)',
    category: 'Infrastructure Modernization',
    description:
      'We use AWS to host the applications, files and backups your business depends on, sized for what you need today with room to grow.',
    logo: '/partners/aws.svg',
  },
  {
    name: 'Microsoft Cloud Partner (Azure)',
    category: 'Infrastructure Modernization',
    description:
      'We use Azure for offices that already run on Microsoft 365, moving old servers and shared drives to the cloud with the sign-ins your team already knows.',
    logo: '/partners/azure.svg',
  },
  {
    name: 'Cloudflare',
    category: 'Infrastructure Modernization',
    description:
      'We use Cloudflare to keep your website fast and online, and to protect it from spam and attacks. It also lets staff reach internal tools safely from anywhere.',
    logo: '/partners/cloudflare.svg',
  },
  {
    name: 'Datadog',
    category: 'Infrastructure Modernization',
    description:
      'We use Datadog to watch your systems around the clock, so we hear about a slow site or a failing job before your customers do.',
    logo: '/partners/datadog.svg',
  },
  {
    name: 'Acronis',
    category: 'Infrastructure Modernization',
    description:
      'We use Acronis to back up your computers and servers automatically and protect them from ransomware. If something goes wrong, we can restore your files quickly.',
    logo: '/partners/acronis.svg',
  },
  {
    name: 'Google Cloud',
    category: 'Infrastructure Modernization',
    description:
      'We use Google Cloud for businesses that live in Google Workspace, hosting apps and data close to the tools your team uses every day.',
    logo: '/partners/google-cloud.svg',
  },
]
