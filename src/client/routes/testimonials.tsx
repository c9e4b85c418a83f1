import { TESTIMONIALS_PAGE } from '../../domain/info-pages';
import type { Route } from './+types/testimonials';
import { Testimonials } from '~/features/info/components/testimonials';
import { infoPageMeta } from '~/features/info/meta';

export const meta: Route.MetaFunction = () => infoPageMeta(TESTIMONIALS_PAGE);

export default function TestimonialsPage() {
  return <Testimonials />;
}
