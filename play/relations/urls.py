from django.urls import path

from play.relations import views

urlpatterns = [
    *(
        path(
            f"@/<str:username>/{change}/",
            views.change,
            {"change": change},
            name=f"relation-{change}",
        )
        for change in views.CHANGES
    ),
    *(
        path(f"relations/{which}/", views.listed, {"which": which}, name=f"relations-{which}")
        for which in views.LISTS
    ),
]
