import type { LegalDocument } from './types'

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: 'April 29, 2025',
  intro:
    'This Privacy Policy explains what information {siteName} ("{siteName}," "we," "us," or "our") collects through this website, how we use it, and the choices you have. We have tried to keep it short and in plain English, and to describe only what the site actually does.',
  sections: [
    {
      heading: 'What this policy covers',
      paragraphs: [
        'This policy applies to this website and to the information you share with us through it, such as when you send us a message or request our AI Playbook.',
        "It does not cover the work we do for clients. When we build something for a business, such as an AI receptionist or chatbot that handles that business's callers or customers, a separate written agreement with that client governs how that data is handled.",
        'It also does not cover websites and services run by others, even when we link to them. Those are described in the section on third-party services below.',
      ],
    },
    {
      heading: 'Information we collect',
      paragraphs: ['We only collect information that you choose to give us, plus the minimum needed to run the site. Specifically:'],
      list: [
        'Contact form: your name, email address, business name (optional), and the message you write.',
        'AI Playbook requests: your name, email address, and business name (optional).',
        'Form submissions: the IP address a contact form or Playbook request was sent from, saved with that submission so we can limit repeated or automated submissions.',
        'Where a form came from: the page of this site it was sent from and, when your browser runs our scripts, the first page you opened on this visit with any campaign tags in its link (utm_source, utm_medium, utm_campaign, utm_term, utm_content), and the address of the website that linked you here, without its query. Your browser keeps these in the open tab only, and they reach us only if you send a form.',
        'Staff accounts: for members of our team who sign in to manage the site, the account email address and a session cookie that keeps them signed in.',
      ],
    },
    {
      heading: 'How we use your information',
      paragraphs: ['We use the information you send us for the purpose you sent it. In practice, that means:'],
      list: [
        'Reading and replying to your message or question.',
        'Sending you the AI Playbook you asked for and following up about it.',
        'Keeping ordinary business records of our conversations with prospective and current clients.',
        'Letting authorized staff sign in and keeping the site secure, including limiting spam and automated form submissions.',
        'Meeting legal obligations and protecting our rights if a dispute arises.',
      ],
    },
    {
      heading: 'How we store and share information',
      paragraphs: [
        'Information submitted through the site is stored in our own database. Access is limited to {siteName} staff who need it to respond to you or run the business.',
        'We do not sell your personal information, and we do not share it with advertisers or data brokers.',
        'We may share information only where needed: with service providers that host or operate our systems on our behalf, when required by law or valid legal process, to protect the safety and rights of others or ourselves, or as part of a merger or sale of our business, in which case this policy would continue to protect it.',
      ],
    },
    {
      heading: 'Cookies and tracking',
      paragraphs: ['We keep cookies to a minimum. The site uses only two kinds, and neither is used to track you:'],
      list: [
        'A strictly necessary session cookie, set only for staff who sign in, so they stay signed in.',
        'A short-lived notification cookie that lets the site show a brief message, such as a confirmation that your form was sent, and then expires.',
      ],
    },
    {
      heading: 'No advertising trackers or third-party analytics',
      paragraphs: [
        'We do not use advertising trackers, tracking pixels, or third-party analytics tools on this site. We do not build profiles of visitors or follow you across other websites.',
        'To learn which pages are useful, our own server counts page views as daily totals: how many times each page was opened, how many visits began on it, the name of the website that sent a visit (such as google.com), and the campaign tags of the link it came through. Nothing that identifies you is kept with these totals: no IP address, no browser or device details, no cookie and no identifier, and they are not shared with anyone. Search engine crawlers are not counted, and if your browser sends a Global Privacy Control or Do Not Track signal, your visits are not counted at all. The totals are deleted after {retentionMonths} months.',
        'Like almost any website, the servers that deliver the site process technical details such as your IP address in order to serve pages and protect against abuse. We do not use that information to profile or market to you.',
      ],
    },
    {
      heading: 'Third-party services and links',
      paragraphs: [
        'When you book a strategy session, you do so on an external scheduling service. Any information you enter there is collected by that service and handled under its own privacy policy.',
        'Our links to LinkedIn and X (formerly Twitter) take you to those services, which have their own privacy practices. We encourage you to read their policies, since we do not control how they handle your information.',
      ],
    },
    {
      heading: 'How long we keep information',
      paragraphs: [
        'We keep messages and Playbook requests for as long as we need them to respond to you and for our ordinary business records. After that, we delete them.',
        'Staff account information is kept while the account is active. Session cookies expire on their own or when the staff member signs out.',
      ],
    },
    {
      heading: 'Your choices and privacy rights',
      paragraphs: [
        'You can ask us to show you the information we hold about you, correct it, or delete it. Email privacy@baylineai.com and we will respond within a reasonable time.',
        "Residents of some U.S. states, such as California, may have additional rights under their state's privacy laws. We will honor requests as those laws require, and we will not treat you differently for making one.",
        'To protect your information, we may need to confirm your identity before acting on a request, usually by replying to the email address we have on file.',
      ],
    },
    {
      heading: "Children's privacy",
      paragraphs: [
        'This site is meant for businesses and is not directed to children under 13. We do not knowingly collect personal information from children under 13.',
        'If you believe a child has sent us personal information, please contact us and we will delete it.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'We use reasonable technical and organizational measures to protect the information we hold, including limiting access to authorized staff.',
        'No website or database is perfectly secure, so we cannot guarantee absolute security. Please avoid sending sensitive information, such as passwords or payment details, through our contact form.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We may update this policy from time to time. When we do, we will post the new version here and change the "Last updated" date at the top.',
        'If you have questions about this policy or how we handle your information, email us at privacy@baylineai.com.',
      ],
    },
  ],
}

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: 'April 29, 2025',
  intro:
    'These Terms of Service ("Terms") govern your use of the {siteName} website. Please read them carefully. They are written in plain English, but they are still a legal agreement between you and {siteName} ("{siteName}," "we," "us," or "our").',
  sections: [
    {
      heading: 'Accepting these terms',
      paragraphs: [
        'By using this website, you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the site.',
        'If you use the site on behalf of a business, you confirm that you are authorized to accept these Terms for that business.',
      ],
    },
    {
      heading: 'What this website is for',
      paragraphs: [
        'This website provides general information about {siteName} and our AI automation, AI agent, and IT modernization services for small and medium businesses.',
        'Descriptions, examples, case studies, and results are shared for illustration. Every business is different, and results described on the site are not a promise of what you will achieve.',
      ],
    },
    {
      heading: 'No professional advice',
      paragraphs: [
        'Content on this site, including the AI Playbook, is general information only. It is not legal, financial, tax, accounting, or other professional advice.',
        'Before making important decisions for your business, you should consult a qualified professional who knows your specific situation.',
      ],
    },
    {
      heading: 'Strategy sessions and our services',
      paragraphs: [
        'Strategy sessions are free. Booking or attending one does not create any obligation for you or for us, and it does not create a client relationship.',
        'Any services we provide are governed by a separate written agreement between {siteName} and the client. If that agreement conflicts with these Terms, the written agreement controls for those services.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        'The content on this site, including text, graphics, illustrations, logos, and the AI Playbook, belongs to {siteName} or its licensors and is protected by intellectual property laws.',
        'You may view and share pages from the site and use the AI Playbook for your own business. You may not copy, republish, sell, or create derivative works from our content without our written permission.',
        "Other companies' names and logos that appear on the site belong to their respective owners.",
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['When using the site, you agree not to:'],
      list: [
        'Use the site for any unlawful purpose or in violation of any applicable law.',
        'Scrape, crawl, or harvest content in a way that harms, overloads, or disrupts the site.',
        'Attempt to gain unauthorized access to the site, staff accounts, or our systems, or to probe, test, or breach our security.',
        'Introduce viruses, malware, or other harmful code.',
        'Submit false information, impersonate anyone, or send spam or abusive messages through our forms.',
      ],
    },
    {
      heading: 'Third-party links and services',
      paragraphs: [
        'The site links to services run by others, including the external scheduling service used to book strategy sessions, LinkedIn, and X (formerly Twitter).',
        'We do not control those services and are not responsible for their content, availability, or practices. Your use of them is governed by their own terms and privacy policies.',
      ],
    },
    {
      heading: 'Disclaimers',
      paragraphs: [
        'The site and its content are provided "as is" and "as available," without warranties of any kind, whether express or implied. This includes implied warranties of merchantability, fitness for a particular purpose, and non-infringement.',
        'We work to keep the site accurate and available, but we do not guarantee that it will be error-free, secure, uninterrupted, or up to date.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the fullest extent allowed by law, {siteName} will not be liable for any indirect, incidental, special, consequential, or punitive damages, or for lost profits, data, or business opportunities, arising from your use of the site.',
        'Because the site is provided free of charge, our total liability for any claim related to the site is limited to one hundred U.S. dollars ($100). Some jurisdictions do not allow certain limitations, so some of these may not apply to you.',
      ],
    },
    {
      heading: 'Indemnity',
      paragraphs: [
        "You agree to defend, indemnify, and hold harmless {siteName} and its owners, employees, and contractors from claims, losses, and expenses, including reasonable attorneys' fees, that arise from your misuse of the site or your violation of these Terms.",
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'These Terms are governed by the laws of the State of Louisiana, without regard to its conflict-of-laws rules.',
        'Any dispute relating to these Terms or the site will be brought in the state or federal courts located in Louisiana, and you agree to the jurisdiction of those courts.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We may update these Terms from time to time. When we do, we will post the new version here and change the "Last updated" date. Continuing to use the site after a change means you accept the updated Terms.',
        'If any part of these Terms is found unenforceable, the rest will remain in effect. Questions about these Terms can be sent to legal@baylineai.com.',
      ],
    },
  ],
}

/**
 * The words a visitor agrees to by sending a lead form. Each lead stores the version and the exact
 * text (server side, from this constant, never from the form), so a later rewording cannot change
 * what an earlier lead agreed to. Change the version whenever the text changes.
 */
export const leadConsent = {
  version: '2026-11-23',
  text: 'By sending this form you agree that we may use your name, e-mail and what you write to answer you and to send what you asked for, as our Privacy Policy describes. We never sell your details.',
} as const
