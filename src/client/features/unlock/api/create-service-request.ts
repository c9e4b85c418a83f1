import { useMutation } from '@tanstack/react-query';
import {
  serviceRequestAnswerSchema,
  type ServiceRequestAnswer,
  type ServiceRequestInput,
} from '../../../../domain/service-request';
import { apiRequest } from '~/lib/api-client';

export function createServiceRequest(input: ServiceRequestInput): Promise<ServiceRequestAnswer> {
  return apiRequest('/api/service-requests', { method: 'POST', body: input, schema: serviceRequestAnswerSchema });
}

/** Asks the team to source an unlock the store cannot quote yet. */
export function useCreateServiceRequest() {
  return useMutation({ mutationFn: createServiceRequest });
}
