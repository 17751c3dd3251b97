/* aclIntArray / aclFloatArray / aclBoolArray (values copied) and aclTensorList /
 * aclScalarList (element pointers kept; destroying a list destroys its elements). */
#include <stdlib.h>
#include <string.h>

#include "aclemu_op/objects.h"

#define DEFINE_ARRAY(Type, Elem, create, destroy, getsize)                                       \
    ACL_FUNC_VISIBILITY Type *create(const Elem *value, uint64_t size)                          \
    {                                                                                           \
        if ((value == NULL && size > 0) || size > (UINT64_C(1) << 40))                          \
            return NULL;                                                                        \
        Type *a = (Type *)malloc(sizeof(Type) + size * sizeof(Elem));                           \
        if (!a)                                                                                 \
            return NULL;                                                                        \
        a->size = size;                                                                         \
        if (size)                                                                               \
            memcpy(a->data, value, size * sizeof(Elem));                                        \
        return a;                                                                               \
    }                                                                                           \
    ACL_FUNC_VISIBILITY aclnnStatus destroy(const Type *array)                                  \
    {                                                                                           \
        free((void *)array);                                                                    \
        return ACLNN_SUCCESS;                                                                   \
    }                                                                                           \
    ACL_FUNC_VISIBILITY aclnnStatus getsize(const Type *array, uint64_t *size)                  \
    {                                                                                           \
        if (!array || !size)                                                                    \
            return ACLNN_ERR_PARAM_NULLPTR;                                                     \
        *size = array->size;                                                                    \
        return ACLNN_SUCCESS;                                                                   \
    }

DEFINE_ARRAY(aclIntArray, int64_t, aclCreateIntArray, aclDestroyIntArray, aclGetIntArraySize)
DEFINE_ARRAY(aclFloatArray, float, aclCreateFloatArray, aclDestroyFloatArray, aclGetFloatArraySize)
DEFINE_ARRAY(aclBoolArray, bool, aclCreateBoolArray, aclDestroyBoolArray, aclGetBoolArraySize)

#define DEFINE_LIST(Type, Elem, create, destroy, getsize, destroy_elem)                          \
    ACL_FUNC_VISIBILITY Type *create(const Elem *const *value, uint64_t size)                   \
    {                                                                                           \
        if ((value == NULL && size > 0) || size > (UINT64_C(1) << 32))                         \
            return NULL;                                                                        \
        Type *l = (Type *)malloc(sizeof(Type) + size * sizeof(Elem *));                         \
        if (!l)                                                                                 \
            return NULL;                                                                        \
        l->size = size;                                                                         \
        for (uint64_t i = 0; i < size; i++)                                                     \
            l->items[i] = (Elem *)value[i];                                                     \
        return l;                                                                               \
    }                                                                                           \
    ACL_FUNC_VISIBILITY aclnnStatus destroy(const Type *list)                                   \
    {                                                                                           \
        if (!list)                                                                              \
            return ACLNN_SUCCESS;                                                               \
        for (uint64_t i = 0; i < list->size; i++)                                               \
            destroy_elem(list->items[i]);                                                       \
        free((void *)list);                                                                     \
        return ACLNN_SUCCESS;                                                                   \
    }                                                                                           \
    ACL_FUNC_VISIBILITY aclnnStatus getsize(const Type *list, uint64_t *size)                   \
    {                                                                                           \
        if (!list || !size)                                                                     \
            return ACLNN_ERR_PARAM_NULLPTR;                                                     \
        *size = list->size;                                                                     \
        return ACLNN_SUCCESS;                                                                   \
    }

DEFINE_LIST(aclTensorList, aclTensor, aclCreateTensorList, aclDestroyTensorList, aclGetTensorListSize,
            aclDestroyTensor)
DEFINE_LIST(aclScalarList, aclScalar, aclCreateScalarList, aclDestroyScalarList, aclGetScalarListSize,
            aclDestroyScalar)
