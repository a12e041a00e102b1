import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

type FooterLanguage = 'en' | 'ar';

// The footer's two variants (spec s.2: an Arabic variant next to the English one).
const TEXT: Record<
  FooterLanguage,
  { links: [string, string][]; tagline: string; switchLabel: string; switchLang: string }
> = {
  en: {
    links: [
      ['/', 'Home'],
      ['#company', 'Company'],
      ['#portfolio', 'Portfolio'],
      ['#blog', 'Blog'],
    ],
    tagline: 'Parley, made for your data-privacy needs',
    switchLabel: 'العربية',
    switchLang: 'ar',
  },
  ar: {
    links: [
      ['/', 'الصفحة الرئيسية'],
      ['#company', 'الشركة'],
      ['#portfolio', 'معرض الأعمال'],
      ['#blog', 'المدونة'],
    ],
    tagline: 'Parley، صُمّم لاحتياجاتك في خصوصية البيانات',
    switchLabel: 'English',
    switchLang: 'en',
  },
};

export function AuthFooter() {
  const [language, setLanguage] = useState<FooterLanguage>('en');
  const text = TEXT[language];
  return (
    <Box
      component="footer"
      lang={language}
      dir={language === 'ar' ? 'rtl' : 'ltr'}
      sx={{
        position: 'relative',
        zIndex: 1,
        color: 'rgba(255,255,255,.9)',
        px: { xs: 2, sm: 3 },
        py: 2,
        maxWidth: 1200,
        width: '100%',
        mx: 'auto',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
      }}
    >
      <Box
        component="nav"
        aria-label={language === 'ar' ? 'روابط التذييل' : 'Footer'}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
      >
        {text.links.map(([href, label]) => (
          <Link
            key={href}
            href={href}
            color="inherit"
            underline="hover"
            sx={{
              px: 1,
              py: 0.5,
              fontSize: '0.8rem',
              fontWeight: 500,
              textTransform: language === 'en' ? 'uppercase' : 'none',
            }}
          >
            {label}
          </Link>
        ))}
        <Button
          size="small"
          lang={text.switchLang}
          onClick={() => setLanguage(language === 'en' ? 'ar' : 'en')}
          sx={{ color: 'inherit', borderColor: 'rgba(255,255,255,.5)', ml: 1, fontSize: '0.75rem', py: 0 }}
          variant="outlined"
        >
          {text.switchLabel}
        </Button>
      </Box>
      <Typography variant="body2" component="p" sx={{ fontSize: '0.85rem' }}>
        &copy; {new Date().getFullYear()} {text.tagline}
      </Typography>
    </Box>
  );
}
